"""Tests in a real browser: Playwright for Python driving Debian's Chromium (issue 18)."""
