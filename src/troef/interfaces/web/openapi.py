"""The HTTP API described in OpenAPI 3.1 (served at ``/api/openapi.json``): every path, what its body
may be and what it answers, every error a 4xx with one sentence. The WebSocket frames are in
docs/server.md; OpenAPI has no words for them."""

from __future__ import annotations

from typing import Any, Final

from ...present import LANGUAGES
from .accounts import NAME_LENGTH as ACCOUNT_NAME_LENGTH
from .accounts import PASSWORD_LENGTHS
from .clubs import CLUB_NAME_LENGTH, PRESET_NAME_LENGTH
from .events import FORMATS, MAX_PLAYERS, MAX_SESSIONS
from .seats import MAX_ROUNDS, NAME_LENGTH

Schema = dict[str, Any]


def _object(required: dict[str, Schema], optional: dict[str, Schema] | None = None) -> Schema:
    """A JSON object with these properties (``required`` among them); more are allowed in answers."""
    return {
        "type": "object",
        "required": list(required),
        "properties": {**required, **(optional or {})},
    }


TEXT: Final[Schema] = {"type": "string"}
INTEGER: Final[Schema] = {"type": "integer"}
NUMBER: Final[Schema] = {"type": "number"}
BOOLEAN: Final[Schema] = {"type": "boolean"}
ANY_OBJECT: Final[Schema] = {"type": "object"}
ERROR: Final[Schema] = _object({"error": TEXT})

SEAT_REQUEST: Final[Schema] = {
    "type": "object",
    "required": ["kind"],
    "properties": {
        "kind": {"enum": ["human", "bot", "open"]},
        "name": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH},
        "bot": TEXT,
    },
}
TABLE_REQUEST: Final[Schema] = {
    "type": "object",
    "required": ["game", "players", "seats"],
    "additionalProperties": False,
    "properties": {
        "game": TEXT,
        "rules": {"oneOf": [TEXT, ANY_OBJECT]},
        "players": {"type": "integer", "minimum": 2, "maximum": 8},
        "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
        "seats": {"type": "array", "items": SEAT_REQUEST, "minItems": 2, "maxItems": 8},
        "ready_limit": {"type": "number", "minimum": 1, "maximum": 3600},
        "away_limit": {"type": "number", "minimum": 1, "maximum": 3600},
        "listed": BOOLEAN,
        "absent": {"enum": ["stand-in", "pause"]},
        "hints": BOOLEAN,
        "competitive": BOOLEAN,
        "rated": BOOLEAN,
    },
}
CREATED: Final[Schema] = _object(
    {
        "table": TEXT,
        "seats": {"type": "array", "items": _object({"seat": INTEGER, "token": TEXT})},
        "invite": TEXT,
        "watch": TEXT,
    }
)
TABLE_INFO: Final[Schema] = _object(
    {
        "id": TEXT,
        "game": TEXT,
        "players": INTEGER,
        "rounds": INTEGER,
        "seats": {"type": "array", "items": ANY_OBJECT},
        "status": {"enum": ["waiting", "playing", "over"]},
        "version": INTEGER,
        "expired": BOOLEAN,
    },
    {"rematch": _object({"table": TEXT})},
)

ID: Final[Schema] = {"name": "id", "in": "path", "required": True, "schema": TEXT}
LANG: Final[Schema] = {"name": "lang", "in": "query", "required": False, "schema": {"enum": list(LANGUAGES)}}


def _answers(ok: dict[str, Schema], *errors: int) -> dict[str, Any]:
    """The responses: JSON ``ok`` by status, and one error sentence for each of ``errors``."""
    out: dict[str, Any] = {
        str(status): {"description": "done", "content": {"application/json": {"schema": schema}}}
        for status, schema in ok.items()
    }
    for status in errors:
        out[str(status)] = {"description": "refused", "content": {"application/json": {"schema": ERROR}}}
    return out


def _body(schema: Schema) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


POSTED: Final = (400, 403, 413, 415, 429)
"""What any POST may be refused with: a bad body, another site, too large, not JSON, too many."""

CREDENTIALS: Final[Schema] = {
    "type": "object",
    "required": ["name", "password"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": ACCOUNT_NAME_LENGTH},
        "password": {"type": "string", "minLength": PASSWORD_LENGTHS[0], "maxLength": PASSWORD_LENGTHS[1]},
    },
}
"""The body that signs up or signs in (clubs.md)."""
NAMED: Final[Schema] = _object({"name": TEXT})
CLUB: Final[Schema] = {"name": "club", "in": "path", "required": True, "schema": TEXT}
PRESET: Final[Schema] = {
    "type": "object",
    "required": ["name", "game", "rules"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": PRESET_NAME_LENGTH},
        "game": TEXT,
        "rules": {"oneOf": [TEXT, ANY_OBJECT]},
    },
}
"""A club's saved house rules (clubs.md)."""
EVENT: Final[Schema] = {"name": "event", "in": "path", "required": True, "schema": TEXT}
EVENT_REQUEST: Final[Schema] = {
    "type": "object",
    "required": ["name", "game", "sessions", "rounds", "players"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": CLUB_NAME_LENGTH},
        "game": TEXT,
        "rules": {"oneOf": [TEXT, ANY_OBJECT]},
        "format": {"enum": list(FORMATS)},
        "sessions": {"type": "integer", "minimum": 1, "maximum": MAX_SESSIONS},
        "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
        "players": {"type": "array", "items": TEXT, "minItems": 1, "maxItems": MAX_PLAYERS},
        "fill": TEXT,
        "ready_limit": {"type": "number", "minimum": 1, "maximum": 3600},
        "away_limit": {"type": "number", "minimum": 1, "maximum": 3600},
    },
}
"""A new event of a club (clubs.md, Events)."""
STANDING: Final[Schema] = _object(
    {"rank": INTEGER, "name": TEXT, "points": INTEGER, "rounds": INTEGER}, {"matchpoints": INTEGER}
)
EVENT_VIEW: Final[Schema] = _object(
    {
        "event": TEXT,
        "name": TEXT,
        "game": TEXT,
        "rules": {"oneOf": [TEXT, ANY_OBJECT]},
        "format": {"enum": list(FORMATS)},
        "status": {"enum": ["registered", "playing", "over"]},
        "sessions": {
            "type": "array",
            "items": _object(
                {
                    "session": INTEGER,
                    "status": {"enum": ["playing", "over"]},
                    "tables": {
                        "type": "array",
                        "items": _object({"table": TEXT, "seats": {"type": "array"}}),
                    },
                }
            ),
        },
        "standings": {"type": "array", "items": STANDING},
    }
)
RATING: Final[Schema] = _object({"mu": NUMBER, "sigma": NUMBER, "rating": NUMBER, "matches": INTEGER})
SIGNED_IN: Final = (401, 403, 404)
"""What a signed-in member's request may be refused with: not signed in, not allowed, no such club."""

OPENAPI: Final[dict[str, Any]] = {
    "openapi": "3.1.0",
    "info": {
        "title": "troef's table server",
        "version": "1",
        "description": "Tables where people and bots play card games; the WebSocket frames are in "
        "docs/server.md.",
    },
    "paths": {
        "/healthz": {"get": {"summary": "alive", "responses": _answers({"200": _object({"ok": BOOLEAN})})}},
        "/api/games": {
            "get": {
                "summary": "the games, their presets and house rules, in a language",
                "parameters": [LANG],
                "responses": _answers(
                    {
                        "200": _object(
                            {"games": {"type": "array"}, "ready_limit": NUMBER, "away_limit": NUMBER}
                        )
                    },
                    400,
                ),
            }
        },
        "/api/words": {
            "get": {
                "summary": "the pages' words in a language",
                "parameters": [LANG],
                "responses": _answers({"200": ANY_OBJECT}, 400),
            }
        },
        "/api/accounts": {
            "post": {
                "summary": "make an account, and sign in (a session cookie)",
                "requestBody": _body(CREDENTIALS),
                "responses": _answers({"201": NAMED}, *POSTED, 409),
            }
        },
        "/api/session": {
            "get": {"summary": "who is signed in", "responses": _answers({"200": NAMED}, 401)},
            "post": {
                "summary": "sign in (a session cookie)",
                "requestBody": _body(CREDENTIALS),
                "responses": _answers({"200": NAMED}, *POSTED, 401),
            },
            "delete": {
                "summary": "sign out: the session ends everywhere",
                "responses": {"204": {"description": "signed out"}, **_answers({}, 403)},
            },
        },
        "/api/accounts/reset": {
            "post": {
                "summary": "set a new password with a one-time code from a club admin, and sign in",
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["code", "password"],
                        "additionalProperties": False,
                        "properties": {"code": TEXT, "password": CREDENTIALS["properties"]["password"]},
                    }
                ),
                "responses": _answers({"200": NAMED}, *POSTED),
            }
        },
        "/api/clubs": {
            "get": {
                "summary": "the clubs of the signed-in player, with their roles and presets",
                "responses": _answers(
                    {"200": _object({"clubs": {"type": "array", "items": ANY_OBJECT}})}, 401
                ),
            },
            "post": {
                "summary": "make a club: the signed-in player is its admin",
                "requestBody": _body(
                    _object({"name": {"type": "string", "minLength": 1, "maxLength": CLUB_NAME_LENGTH}})
                ),
                "responses": _answers({"201": _object({"club": TEXT, "invite": TEXT})}, *POSTED, 401),
            },
        },
        "/api/clubs/{club}": {
            "get": {
                "summary": "a club, as its members see it",
                "parameters": [CLUB],
                "responses": _answers(
                    {
                        "200": _object(
                            {
                                "club": TEXT,
                                "name": TEXT,
                                "members": {"type": "array", "items": _object({"name": TEXT, "role": TEXT})},
                                "presets": {"type": "array", "items": ANY_OBJECT},
                                "events": {"type": "array", "items": ANY_OBJECT},
                            }
                        )
                    },
                    *SIGNED_IN,
                ),
            }
        },
        "/api/clubs/{club}/join": {
            "post": {
                "summary": "join a club with its invite code",
                "parameters": [CLUB],
                "requestBody": _body(_object({"invite": TEXT})),
                "responses": _answers({"200": _object({"club": TEXT, "role": TEXT})}, *POSTED, *SIGNED_IN),
            }
        },
        "/api/clubs/{club}/presets": {
            "post": {
                "summary": "an admin saves house rules under a name of the club's own",
                "parameters": [CLUB],
                "requestBody": _body(PRESET),
                "responses": _answers({"201": PRESET}, *POSTED, *SIGNED_IN, 409),
            }
        },
        "/api/clubs/{club}/season": {
            "post": {
                "summary": "an admin sets how the season counts: best N events, tables of M members",
                "parameters": [CLUB],
                "requestBody": _body(
                    _object(
                        {
                            "best": {
                                "oneOf": [{"type": "null"}, {"type": "integer", "minimum": 1, "maximum": 100}]
                            },
                            "at_least": {"type": "integer", "minimum": 0, "maximum": 6},
                        }
                    )
                ),
                "responses": _answers({"200": ANY_OBJECT}, *POSTED, *SIGNED_IN),
            }
        },
        "/api/clubs/{club}/reset": {
            "post": {
                "summary": "an admin makes a one-time link for a member to set a new password",
                "parameters": [CLUB],
                "requestBody": _body(NAMED),
                "responses": _answers({"200": _object({"link": TEXT})}, *POSTED, *SIGNED_IN),
            }
        },
        "/api/clubs/{club}/events": {
            "post": {
                "summary": "an admin makes an event of the club, its players registered",
                "parameters": [CLUB],
                "requestBody": _body(EVENT_REQUEST),
                "responses": _answers({"201": _object({"event": TEXT})}, *POSTED, *SIGNED_IN),
            }
        },
        "/api/events/{event}": {
            "get": {
                "summary": "an event with its sessions, tables and live standings",
                "parameters": [EVENT],
                "responses": _answers({"200": EVENT_VIEW}, *SIGNED_IN, 409),
            }
        },
        "/api/events/{event}/start": {
            "post": {
                "summary": "an admin starts the event: session 1 is drawn",
                "parameters": [EVENT],
                "responses": _answers({"200": EVENT_VIEW}, *SIGNED_IN, 409),
            }
        },
        "/api/events/{event}/players": {
            "post": {
                "summary": "an admin adds a late player or removes one, from the next session on",
                "parameters": [EVENT],
                "requestBody": _body({"type": "object", "properties": {"add": TEXT, "remove": TEXT}}),
                "responses": _answers({"200": EVENT_VIEW}, *POSTED, *SIGNED_IN, 409),
            }
        },
        "/api/events/{event}/seat": {
            "get": {
                "summary": "the signed-in player's seat in the session being played, with its token",
                "parameters": [EVENT],
                "responses": _answers(
                    {"200": _object({"session": INTEGER, "table": TEXT, "seat": INTEGER, "token": TEXT})},
                    *SIGNED_IN,
                ),
            }
        },
        "/api/events/{event}/standings.csv": {
            "get": {
                "summary": "the standings as CSV, with a header row",
                "parameters": [EVENT],
                "responses": {
                    "200": {"description": "done", "content": {"text/csv": {"schema": TEXT}}},
                    **_answers({}, *SIGNED_IN),
                },
            }
        },
        "/api/players/{name}": {
            "get": {
                "summary": "a player's ratings per game, their history, events with ranks and statistics",
                "parameters": [{"name": "name", "in": "path", "required": True, "schema": TEXT}, LANG],
                "responses": _answers(
                    {
                        "200": _object(
                            {
                                "name": TEXT,
                                "ratings": {"type": "object", "additionalProperties": RATING},
                                "events": {"type": "array", "items": ANY_OBJECT},
                            }
                        )
                    },
                    400,
                    404,
                ),
            }
        },
        "/api/tables": {
            "get": {
                "summary": "the listed tables waiting or playing, newest first",
                "responses": _answers({"200": _object({"tables": {"type": "array", "items": ANY_OBJECT}})}),
            },
            "post": {
                "summary": "make a table",
                "requestBody": _body(TABLE_REQUEST),
                "responses": _answers({"201": CREATED}, *POSTED),
            },
        },
        "/api/tables/{id}": {
            "get": {
                "summary": "a table's public info",
                "parameters": [ID],
                "responses": _answers({"200": TABLE_INFO}, 404),
            }
        },
        "/api/tables/{id}/join": {
            "post": {
                "summary": "take an open seat with the table's invite code",
                "parameters": [ID],
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["name", "invite"],
                        "additionalProperties": False,
                        "properties": {
                            "name": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH},
                            "invite": TEXT,
                            "seat": {"type": "integer", "minimum": 0, "maximum": 7},
                        },
                    }
                ),
                "responses": _answers({"200": _object({"seat": INTEGER, "token": TEXT})}, *POSTED, 404, 409),
            }
        },
        "/api/tables/{id}/record": {
            "get": {
                "summary": "the match record of the finished rounds (notation.md)",
                "parameters": [ID],
                "responses": _answers({"200": _object({"format": TEXT, "rounds": {"type": "array"}})}, 404),
            }
        },
        "/api/tables/{id}/rematch": {
            "post": {
                "summary": "a seat asks for a rematch, or takes its seat at the one asked for",
                "parameters": [ID],
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["token"],
                        "additionalProperties": False,
                        "properties": {"token": TEXT},
                    }
                ),
                "responses": _answers(
                    {
                        "201": CREATED,
                        "200": _object({"table": TEXT, "seat": INTEGER, "token": TEXT, "watch": TEXT}),
                    },
                    *POSTED,
                    404,
                    409,
                ),
            }
        },
        "/api/tables/{id}/rounds/{k}": {
            "get": {
                "summary": "the replay of a finished round, every hand face up, with its fair-deal check",
                "parameters": [ID, {"name": "k", "in": "path", "required": True, "schema": INTEGER}, LANG],
                "responses": _answers(
                    {"200": _object({"round": INTEGER, "title": TEXT, "steps": {"type": "array"}})},
                    400,
                    403,
                    404,
                ),
            }
        },
        "/api/tables/{id}/rounds/{k}/analysis": {
            "get": {
                "summary": "a finished round's analysis: each seat's points lost, and every marked decision "
                "against the best it had (thought once, in the bots' processes; limited per address)",
                "parameters": [ID, {"name": "k", "in": "path", "required": True, "schema": INTEGER}, LANG],
                "responses": _answers(
                    {
                        "200": _object(
                            {
                                "round": INTEGER,
                                "format": TEXT,
                                "seats": {"type": "array", "items": ANY_OBJECT},
                                "moments": {"type": "array", "items": ANY_OBJECT},
                            }
                        )
                    },
                    400,
                    403,
                    404,
                    429,
                    503,
                ),
            }
        },
    },
}
"""The OpenAPI document of ``/api/openapi.json``."""
