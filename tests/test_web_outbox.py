"""A connection's outbox (`troef.interfaces.web.outbox`): each frame sent at once while the socket takes
it, in order behind a send the socket holds up, nothing after the end or once the socket is gone."""

from __future__ import annotations

import asyncio
import gc
import weakref

from troef.interfaces.web.outbox import Outbox, Socket


class Pipe:
    """A socket that takes frames at once unless ``open`` is cleared (its flow control holding a send
    up), or raises ``OSError`` once ``broken``."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.ends = 0
        self.open = asyncio.Event()
        self.open.set()
        self.broken = False

    async def send(self, text: str) -> None:
        await self.open.wait()
        if self.broken:
            raise OSError("the peer is gone")
        self.sent.append(text)

    async def end(self) -> None:
        await self.open.wait()
        self.ends += 1

    def socket(self) -> Socket:
        return Socket(self.send, self.end, (OSError,))


def held_up(*texts: str) -> tuple[Pipe, Outbox]:
    """An outbox whose socket holds up its first send, with ``texts`` put."""
    pipe, outbox = Pipe(), Outbox()
    outbox.attach(pipe.socket())
    pipe.open.clear()
    for text in texts:
        outbox.put(text)
    return pipe, outbox


def test_a_frame_the_socket_takes_is_sent_before_the_caller_goes_on() -> None:
    async def run() -> None:
        pipe, outbox = Pipe(), Outbox()
        outbox.attach(pipe.socket())
        tasks = len(asyncio.all_tasks())
        outbox.put("a")
        outbox.put("b")
        assert pipe.sent == ["a", "b"]  # no await in between: sent on the caller's stack
        assert len(asyncio.all_tasks()) == tasks and not outbox.waiting and outbox.queued == 0

    asyncio.run(run())


def test_frames_wait_in_order_behind_a_send_held_up_and_then_go() -> None:
    async def run() -> None:
        pipe, outbox = held_up("a", "bb", "ccc")
        assert pipe.sent == [] and list(outbox.waiting) == ["bb", "ccc"] and outbox.queued == 5
        outbox.end()
        await asyncio.sleep(0.01)
        assert pipe.sent == [] and pipe.ends == 0
        pipe.open.set()
        await asyncio.wait_for(outbox.ended(), 1)
        assert pipe.sent == ["a", "bb", "ccc"] and pipe.ends == 1 and outbox.queued == 0
        outbox.put("late")
        outbox.end()
        assert pipe.sent == ["a", "bb", "ccc"] and pipe.ends == 1  # nothing after the end

    asyncio.run(run())


def test_frames_put_before_the_socket_is_attached_go_first() -> None:
    async def run() -> None:
        pipe, outbox = Pipe(), Outbox()
        outbox.put("a")
        assert list(outbox.waiting) == ["a"] and outbox.queued == 1
        outbox.attach(pipe.socket())
        outbox.put("b")
        assert pipe.sent == ["a", "b"] and outbox.queued == 0

    asyncio.run(run())


def test_a_dropped_connection_ends_now_and_once() -> None:
    async def run() -> None:
        pipe, outbox = held_up("a", "b")
        outbox.end(dropped=True)
        outbox.end()
        assert list(outbox.waiting) == [None] and outbox.queued == 0
        pipe.open.set()
        await asyncio.wait_for(outbox.ended(), 1)
        assert pipe.sent == ["a"] and pipe.ends == 1  # the send under way finishes; "b" is dropped

    asyncio.run(run())


def test_once_the_socket_is_gone_nothing_waits() -> None:
    async def run() -> None:
        pipe, outbox = held_up("a", "b")
        pipe.broken = True
        pipe.open.set()
        await asyncio.wait_for(outbox.ended(), 1)
        assert pipe.sent == [] and not outbox.waiting and outbox.queued == 0
        outbox.put("c")  # raised at once now
        outbox.end()
        assert pipe.sent == [] and pipe.ends == 0 and not outbox.waiting

    asyncio.run(run())


def test_an_ended_outbox_lets_its_socket_go() -> None:
    """A client's outbox held its socket, whose end refers back to the client: every closed connection
    was a cycle that only the collector's rare full pass freed, and a soak's memory grew by a quarter."""

    async def run(held: bool) -> None:
        pipe, outbox = Pipe(), Outbox()
        outbox.attach(pipe.socket())
        if held:
            pipe.open.clear()
        outbox.put("a")
        outbox.end()
        pipe.open.set()
        await asyncio.wait_for(outbox.ended(), 1)
        gone = weakref.ref(pipe)
        del pipe
        assert gone() is None  # freed at once, by its reference count

    gc.disable()
    try:
        asyncio.run(run(held=False))
        asyncio.run(run(held=True))
    finally:
        gc.enable()
