"""The table server: an interface layer over the session, with the durable event log of every table
(`troef.interfaces.web.store`). Its third-party dependencies come with the extra ``troef[server]``."""
