"""The table server's HTTP API and WebSocket endpoint (server.md), a Starlette app over a `TableServer`.

Every error is a 4xx with ``{"error": "<what is wrong>"}``; table creation is limited per client
address (`Window`); a WebSocket to a table that does not exist is closed with code 4404.

Beside server.md: the browser client's words (``GET /api/words``), the lobby's listed tables
(``GET /api/tables``), rematches, the replay of a finished round, and the pages and static files of the
browser client (package data ``static/``), sent with `PAGE_HEADERS`.  A page is served for any table id
(the page itself says when there is no such table).

The pages' paths in the answers (a table's invite and watch links) are made here alone (`join_path`,
`watch_path`): the server below answers ids, tokens and invite codes.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...core.match import Match
from ...core.options import Option
from ...games import GAMES
from ...players import LEVELS, bot_kinds
from ...present import LANGUAGES, Words
from ...present.rule_words import description, label, title, value_label
from . import words
from .account_rows import AccountRows
from .accounts import COOKIE, Accounts, NotSignedIn, cookie_settings
from .analyses import PER_HOUR as ANALYSES_PER_HOUR
from .analyses import Analyses
from .club_rows import ClubRows
from .clubs import Clubs
from .events import Events
from .limits import Window
from .metrics import CONTENT_TYPE as METRICS_TYPE
from .metrics import Metrics
from .openapi import OPENAPI
from .outbox import Socket
from .seats import (
    AWAY_LIMIT,
    READY_LIMIT,
    Invalid,
    NoSuchTable,
    NotAllowed,
    NotNow,
    TableError,
    TooMany,
    Unavailable,
    name_key,
)
from .server import Client, Seated, TableServer
from .table import SEALED, Created, Table

STATUSES: Final[dict[type[TableError], int]] = {
    Invalid: 400,
    NotSignedIn: 401,
    NotAllowed: 403,
    NoSuchTable: 404,
    NotNow: 409,
    TooMany: 429,
    Unavailable: 503,
}
"""The HTTP status of each kind of refusal (the one place the tables' errors meet HTTP)."""
BODY_BYTES: Final = 64 * 1024
"""The largest HTTP request body."""
NO_TABLE: Final = 4404
"""The WebSocket close code for a table that does not exist."""
POLICY: Final = 1008
"""The WebSocket close code for a client the server drops: too slow a reader, no ``hello`` in time, too
many connections from its address."""
SOCKETS_PER_ADDRESS: Final = 64
"""The most WebSockets open at once from one address (a club's tablets behind one router included)."""
HELLO_WAIT: Final = 10.0
"""Seconds a new WebSocket has to say ``hello`` before it is closed."""
CSP: Final = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'"
"""The pages' content security policy: nothing from elsewhere, WebSockets to this server only."""
PAGE_HEADERS: Final = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
}
"""The headers of every page and static file (revalidated on every load: a new troef shows at once; no
``Referer`` leaves a page, so the invite code in a join link's address stays there)."""


class Key(Convertor[str]):
    """A path's id (a table's, a club's, an event's): what `secrets.token_urlsafe` makes, at most 64
    characters. Any other such path is no page (404) and never reaches the database."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("key", Key())


def static_directory() -> Path:
    """The browser client's files, shipped in the package (``troef/interfaces/web/static``)."""
    return Path(str(resources.files(__package__).joinpath("static")))


class Assets(StaticFiles):
    """The static files, with `PAGE_HEADERS`, ES modules as JavaScript whatever the system's types say."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(PAGE_HEADERS)
        if path.endswith(".js") and response.status_code == 200:
            response.headers["Content-Type"] = "text/javascript; charset=utf-8"
        return response


@cache
def words_of(lang: str) -> dict[str, Any]:
    """``GET /api/words?lang=...``: every word of the browser client (`troef.interfaces.web.words.MESSAGES`)
    in ``lang``."""
    w = Words(lang)
    return {"lang": lang, "languages": list(LANGUAGES), "words": {m: w._(m) for m in words.MESSAGES}}


def query_lang(request: Request) -> str:
    """The request's ``lang`` (English by default); `TableError` 400 for a language troef does not speak."""
    lang = request.query_params.get("lang", LANGUAGES[0])
    if lang not in LANGUAGES:
        raise Invalid(f"unknown lang {lang[:20]!r}; languages: {', '.join(LANGUAGES)}")
    return lang


def join_path(table_id: str, invite: str) -> str:
    """The join page of a table, with its invite code."""
    return f"/join/{table_id}/{invite}"


def watch_path(table_id: str) -> str:
    """The page of a table."""
    return f"/tables/{table_id}"


def created_body(created: Created) -> dict[str, Any]:
    """``POST /api/tables``'s answer (and a first rematch's): the table, each human seat's token, the
    invite and watch paths."""
    table_id = created.table.id
    return {
        "table": table_id,
        "seats": [{"seat": k, "token": token} for k, token in created.tokens.items()],
        "invite": join_path(table_id, created.invite),
        "watch": watch_path(table_id),
    }


def seated_body(seated: Seated) -> dict[str, Any]:
    """A later rematch's answer: the caller's seat at the rematch, its token and the watch path."""
    return {
        "table": seated.table,
        "seat": seated.seat,
        "token": seated.token,
        "watch": watch_path(seated.table),
    }


def listed_body(entry: dict[str, Any]) -> dict[str, Any]:
    """A table as ``GET /api/tables`` lists it: its lobby entry, the invite code made the invite path,
    and the watch path."""
    table_id = entry["id"]
    return {**entry, "invite": join_path(table_id, entry["invite"]), "watch": watch_path(table_id)}


def games_catalog(lang: str) -> list[dict[str, Any]]:
    """``GET /api/games?lang=...``: every game, its player range, default match length, presets, options
    and bot kinds; its title, the presets' and options' ``label`` and ``description``, and the choices'
    ``choice_labels``, in ``lang``."""
    w = Words(lang)
    return [
        {
            "name": cls.name,
            "title": title(w, cls),
            "players": {"min": cls.min_players, "max": cls.max_players, "default": cls.default_players},
            "rounds": Match(cls(), first_dealer=0).rounds,
            "presets": [
                {"name": p.name, "label": label(w, p), "description": description(w, p)} for p in cls.presets
            ],
            "options": [
                {
                    "name": option.name,
                    "label": label(w, option),
                    "type": option.type.__name__,
                    "default": option.default,
                    "description": description(w, option),
                    **(choices(w, option) if option.choices else {}),
                    **({"minimum": option.minimum} if option.minimum is not None else {}),
                    **({"maximum": option.maximum} if option.maximum is not None else {}),
                }
                for option in cls.options
            ],
            "bots": list(dict.fromkeys([*LEVELS, *bot_kinds(cls.name)])),
        }
        for cls in GAMES.values()
    ]


def choices(w: Words, option: Option) -> dict[str, Any]:
    """An option's ``choices`` and their ``choice_labels`` in ``GET /api/games``."""
    return {
        "choices": list(option.choices),
        "choice_labels": {c: value_label(w, option, c) for c in option.choices},
    }


def create_app(
    server: TableServer,
    *,
    creations_per_minute: int = 10,
    joins_per_minute: int = 30,
    signups_per_minute: int = 10,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
    hello_wait: float = HELLO_WAIT,
    analyses_per_hour: int = ANALYSES_PER_HOUR,
    static: Path | None = None,
) -> Starlette:
    """The ASGI app of ``server``, which it starts and stops with its lifespan; the browser client's
    pages and files from ``static`` (by default the package's, `static_directory`). A WebSocket is
    closed (1008) when its address has ``sockets_per_address`` open already, or when it says no
    ``hello`` within ``hello_wait`` seconds. An address may start ``analyses_per_hour`` round analyses."""
    limit = Window(creations_per_minute)
    sockets: Counter[str] = Counter()
    join_limit = Window(joins_per_minute)
    signup_limit = Window(signups_per_minute)
    reset_limit = Window(signups_per_minute)
    accounts = Accounts(AccountRows(server.store))
    clubs = Clubs(ClubRows(server.store))
    events = Events(server, clubs, accounts.rows.secret)
    analyses = Analyses(server.bots, analyses_per_hour)
    server.on_over = events.table_over
    server.sealed = events.sealed

    async def unsealed(table_id: str) -> Table:
        """The table, unless it is sealed (`Events.sealed`): 403."""
        table = await server.table(table_id)
        if await events.sealed(table):
            raise NotAllowed(SEALED)
        return table

    async def account_of(cookies: Mapping[str, str]) -> str | None:
        """The key of the account the cookies sign in, or None."""
        name = await accounts.signed_in(cookies.get(COOKIE))
        return None if name is None else name_key(name)

    async def player(request: Request) -> str:
        """The name signed in by the request's cookie; `NotSignedIn` (401) for none."""
        name = await accounts.signed_in(request.cookies.get(COOKIE))
        if name is None:
            raise NotSignedIn("not signed in")
        return name

    catalogs = {lang: games_catalog(lang) for lang in LANGUAGES}
    folder = static_directory() if static is None else static

    def page(name: str) -> Callable[[Request], Any]:
        async def serve(request: Request) -> Response:
            try:
                html = await asyncio.to_thread((folder / name).read_text, encoding="utf-8")
            except OSError:
                raise HTTPException(404, f"the page {name} is not installed") from None
            return HTMLResponse(html, headers=PAGE_HEADERS)

        return serve

    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def openapi(request: Request) -> Response:
        return JSONResponse(OPENAPI)

    async def metrics(request: Request) -> Response:
        return Response(server.metrics.text(), media_type=METRICS_TYPE)

    async def games(request: Request) -> Response:
        catalog = catalogs[query_lang(request)]
        return JSONResponse({"games": catalog, "ready_limit": READY_LIMIT, "away_limit": AWAY_LIMIT})

    async def create_table(request: Request) -> Response:
        if not limit.allow(_address(request)):
            raise TooMany(f"at most {creations_per_minute} tables a minute from one address")
        body = await _json_body(request)  # first: another site, a body too large or not JSON
        account = await account_of(request.cookies)
        body = await clubs.with_club_rules(account, body)
        created = await server.create(body, _address(request), account)
        return JSONResponse(created_body(created), status_code=201)

    async def tables(request: Request) -> Response:
        """One route for both methods, so that a 405 names them both in ``Allow``."""
        if request.method == "POST":
            return await create_table(request)
        return JSONResponse({"tables": [listed_body(entry) for entry in await server.listed()]})

    async def rematch(request: Request) -> Response:
        answer = await server.rematch(request.path_params["id"], await _json_body(request))
        if isinstance(answer, Seated):
            return JSONResponse(seated_body(answer))
        return JSONResponse(created_body(answer), status_code=201)

    async def sign_up(request: Request) -> Response:
        if not signup_limit.allow(_address(request)):
            raise TooMany(f"at most {signups_per_minute} accounts a minute from one address")
        name, cookie = await accounts.sign_up(await _json_body(request))
        return _signed_in(request, name, cookie, 201)

    async def session(request: Request) -> Response:
        """One route for the three methods, so that a 405 names them all in ``Allow``."""
        if request.method == "POST":
            name, cookie = await accounts.sign_in(await _json_body(request), _address(request))
            return _signed_in(request, name, cookie, 200)
        if request.method == "DELETE":
            _same_site(request)
            await accounts.sign_out(request.cookies.get(COOKIE))
            answer = Response(status_code=204)
            answer.delete_cookie(COOKIE, **_cookie_settings(request, max_age=False))
            return answer
        return JSONResponse({"name": await player(request)})

    async def create_club(request: Request) -> Response:
        if not limit.allow(_address(request)):
            raise TooMany(f"at most {creations_per_minute} tables and clubs a minute from one address")
        answer = await clubs.create(await player(request), await _json_body(request))
        return JSONResponse(answer, status_code=201)

    async def join_club(request: Request) -> Response:
        if not join_limit.allow(_address(request)):
            raise TooMany(f"at most {joins_per_minute} joins a minute from one address")
        name = await player(request)
        return JSONResponse(await clubs.join(name, request.path_params["club"], await _json_body(request)))

    async def club(request: Request) -> Response:
        return JSONResponse(await events.club_view(await player(request), request.path_params["club"]))

    async def my_clubs(request: Request) -> Response:
        """One route for both methods, so that a 405 names them both in ``Allow``."""
        if request.method == "POST":
            return await create_club(request)
        return JSONResponse(await clubs.mine(await player(request)))

    async def club_season(request: Request) -> Response:
        name = await player(request)
        return JSONResponse(
            await clubs.set_season(name, request.path_params["club"], await _json_body(request))
        )

    async def club_reset(request: Request) -> Response:
        name = await player(request)
        key = await clubs.member_to_reset(name, request.path_params["club"], await _json_body(request))
        return JSONResponse({"link": f"/reset/{await accounts.reset_link(key)}"})

    async def reset_password(request: Request) -> Response:
        if not reset_limit.allow(_address(request)):
            raise TooMany(f"at most {signups_per_minute} new passwords a minute from one address")
        name, cookie = await accounts.reset(await _json_body(request))
        return _signed_in(request, name, cookie, 200)

    async def create_event(request: Request) -> Response:
        name = await player(request)
        answer = await events.create(name, request.path_params["club"], await _json_body(request))
        return JSONResponse(answer, status_code=201)

    async def event(request: Request) -> Response:
        return JSONResponse(await events.read(await player(request), request.path_params["event"]))

    async def start_event(request: Request) -> Response:
        _same_site(request)
        return JSONResponse(await events.start(await player(request), request.path_params["event"]))

    async def event_players(request: Request) -> Response:
        name = await player(request)
        body = await _json_body(request)
        return JSONResponse(await events.change_players(name, request.path_params["event"], body))

    async def event_seat(request: Request) -> Response:
        return JSONResponse(await events.seat(await player(request), request.path_params["event"]))

    async def event_csv(request: Request) -> Response:
        text = await events.csv(await player(request), request.path_params["event"])
        disposition = f'attachment; filename="standings-{request.path_params["event"][:20]}.csv"'
        return Response(
            text, media_type="text/csv; charset=utf-8", headers={"Content-Disposition": disposition}
        )

    async def player_page_data(request: Request) -> Response:
        return JSONResponse(await events.player(request.path_params["name"], query_lang(request)))

    async def club_preset(request: Request) -> Response:
        name = await player(request)
        preset = await clubs.add_preset(name, request.path_params["club"], await _json_body(request))
        return JSONResponse(preset, status_code=201)

    async def round_replay(request: Request) -> Response:
        lang = query_lang(request)
        table = await unsealed(request.path_params["id"])
        return JSONResponse(table.reads.round_replay(request.path_params["k"], lang))

    async def round_analysis(request: Request) -> Response:
        lang = query_lang(request)
        table = await unsealed(request.path_params["id"])
        return JSONResponse(await analyses.of(table, request.path_params["k"], lang, _address(request)))

    async def words_endpoint(request: Request) -> Response:
        return JSONResponse(words_of(query_lang(request)))

    async def join(request: Request) -> Response:
        if not join_limit.allow(_address(request)):
            raise TooMany(f"at most {joins_per_minute} joins a minute from one address")
        body = await _json_body(request)
        answer = await server.join(request.path_params["id"], body, await account_of(request.cookies))
        return JSONResponse(answer)

    async def table_info(request: Request) -> Response:
        table = await server.table(request.path_params["id"])
        return JSONResponse(table.reads.info())

    async def record(request: Request) -> Response:
        table = await unsealed(request.path_params["id"])
        found = table.reads.record()
        if found is None:
            raise NoSuchTable(f"no round of table {table.id} is finished yet")
        return JSONResponse(found)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        address = websocket.client.host if websocket.client is not None else "unknown"
        if sockets[address] >= sockets_per_address:
            server.metrics.dropped.labels("address-limit").inc()
            await websocket.close(POLICY, f"at most {sockets_per_address} connections from one address")
            return
        sockets[address] += 1
        server.metrics.sockets.inc()
        try:
            await _talk(websocket)
        finally:
            server.metrics.sockets.dec()
            server.ended += 1
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    async def _talk(websocket: WebSocket) -> None:
        try:
            client = await server.connect(websocket.path_params["id"], await account_of(websocket.cookies))
        except TableError as error:
            await websocket.close(NO_TABLE, str(error)[:120])
            return
        client.outbox.attach(_socket(websocket, client, server.metrics))
        hello_by = asyncio.get_running_loop().time() + hello_wait
        try:
            while not client.closed:
                if client.connection.seated:
                    message = await websocket.receive()
                else:
                    wait = hello_by - asyncio.get_running_loop().time()
                    try:
                        message = await asyncio.wait_for(websocket.receive(), max(wait, 0))
                    except TimeoutError:
                        client.close(f"no hello within {hello_wait:g} s", "no-hello")
                        break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await server.receive(client, text if text is not None else message.get("bytes") or b"")
        except WebSocketDisconnect:
            pass
        finally:
            await server.disconnect(client)
            client.outbox.end()
            await client.outbox.ended()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        await events.recover()
        try:
            yield
        finally:
            await server.stop()

    return Starlette(
        routes=[
            Route("/healthz", healthz),
            Route("/metrics", metrics),
            Route("/api/openapi.json", openapi),
            Route("/api/games", games),
            Route("/api/words", words_endpoint),
            Route("/api/accounts", sign_up, methods=["POST"]),
            Route("/api/session", session, methods=["GET", "POST", "DELETE"]),
            Route("/api/accounts/reset", reset_password, methods=["POST"]),
            Route("/api/clubs", my_clubs, methods=["GET", "POST"]),
            Route("/api/clubs/{club:key}", club),
            Route("/api/clubs/{club:key}/join", join_club, methods=["POST"]),
            Route("/api/clubs/{club:key}/presets", club_preset, methods=["POST"]),
            Route("/api/clubs/{club:key}/season", club_season, methods=["POST"]),
            Route("/api/clubs/{club:key}/reset", club_reset, methods=["POST"]),
            Route("/api/clubs/{club:key}/events", create_event, methods=["POST"]),
            Route("/api/events/{event:key}", event),
            Route("/api/events/{event:key}/start", start_event, methods=["POST"]),
            Route("/api/events/{event:key}/players", event_players, methods=["POST"]),
            Route("/api/events/{event:key}/seat", event_seat),
            Route("/api/events/{event:key}/standings.csv", event_csv),
            Route("/api/players/{name}", player_page_data),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{id:key}", table_info),
            Route("/api/tables/{id:key}/join", join, methods=["POST"]),
            Route("/api/tables/{id:key}/record", record),
            Route("/api/tables/{id:key}/rematch", rematch, methods=["POST"]),
            Route("/api/tables/{id:key}/rounds/{k:int}", round_replay),
            Route("/api/tables/{id:key}/rounds/{k:int}/analysis", round_analysis),
            WebSocketRoute("/ws/tables/{id:key}", socket),
            Route("/", page("lobby.html")),
            Route("/tables/{id:key}", page("table.html")),
            Route("/tables/{id:key}/replay", page("replay.html")),
            Route("/join/{id:key}/{code}", page("join.html")),
            Route("/signup", page("signup.html")),
            Route("/login", page("login.html")),
            Route("/reset/{code}", page("reset.html")),
            Route("/clubs", page("clubs.html")),
            Route("/clubs/{club:key}", page("club.html")),
            Route("/events/{event:key}", page("event.html")),
            Route("/events/{event:key}/ranking", page("ranking.html")),
            Route("/players/{name}", page("player.html")),
            Mount("/static", Assets(directory=folder, check_dir=False), name="static"),
        ],
        exception_handlers={HTTPException: _http_error, TableError: _table_error, Exception: _server_error},
        lifespan=lifespan,
    )


def _socket(websocket: WebSocket, client: Client, metrics: Metrics) -> Socket:
    """Where the client's outbox goes: its WebSocket, closed (`POLICY`) at the end if the server dropped
    the client."""

    async def end() -> None:
        if client.closed:
            metrics.dropped.labels(client.reason).inc()
            await websocket.close(POLICY, client.why)

    return Socket(websocket.send_text, end, (WebSocketDisconnect, RuntimeError, OSError))


def _address(request: Request) -> str:
    """The client's address (a trusted proxy's ``X-Forwarded-For`` already applied by uvicorn)."""
    return request.client.host if request.client is not None else "unknown"


def _same_site(request: Request) -> None:
    """403 for a request whose ``Origin`` names another site (a page elsewhere using the visitor's
    cookie)."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise HTTPException(403, "requests from another site are refused")


def _cookie_settings(request: Request, *, max_age: bool = True) -> dict[str, Any]:
    """The session cookie's attributes for this request (Secure over HTTPS, which a trusted proxy's
    ``X-Forwarded-Proto`` tells uvicorn)."""
    settings = cookie_settings(secure=request.url.scheme == "https")
    if not max_age:
        del settings["max_age"]
    return settings


def _signed_in(request: Request, name: str, cookie: str, status: int) -> Response:
    """``{"name": ...}`` with the new session's cookie."""
    answer = JSONResponse({"name": name}, status_code=status)
    answer.set_cookie(COOKIE, cookie, **_cookie_settings(request))
    return answer


async def _json_body(request: Request) -> object:
    """The request's JSON body, read only from the same site (403 for another site's ``Origin``) and only
    when it says it is JSON (415); refused with 413 as soon as it is larger than `BODY_BYTES` (its
    ``Content-Length``, or while it streams in), 400 when it is not JSON."""
    _same_site(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "a request body is JSON: send it with Content-Type: application/json")
    too_large = HTTPException(413, f"a request body is at most {BODY_BYTES} bytes")
    declared = request.headers.get("content-length", "0")
    if not declared.isdecimal() or int(declared[:12]) > BODY_BYTES:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_BYTES:
            raise too_large
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise Invalid("the body is not JSON") from None


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": error.detail}, status_code=error.status_code, headers=error.headers)


def status_of(error: TableError) -> int:
    """The HTTP status of a refusal (`STATUSES`, by its kind)."""
    return next(STATUSES[kind] for kind in type(error).__mro__ if kind in STATUSES)


async def _table_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, TableError)
    return JSONResponse({"error": str(error)}, status_code=status_of(error))


async def _server_error(request: Request, error: Exception) -> Response:
    return JSONResponse({"error": "the server failed; it is logged"}, status_code=500)
