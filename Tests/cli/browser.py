"""A headless Chromium driven as a user drives it, through the DevTools protocol over a pipe (Chromium's
--remote-debugging-pipe: commands on descriptor 3, answers on 4), with Python's standard library only: open a page,
click where an element is on screen, type, press keys, read what is shown, take a screenshot."""

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any


def chromium() -> str | None:
    """Debian's chromium (apt-get install chromium), or another Chromium on the path."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless browser with one page."""

    def __init__(self, executable: str, width: int = 1400, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="navrouter-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def descriptors() -> None:  # in the child: the pipe ends where Chromium looks for them
            # Moved above 10 first: either end may itself be 3 or 4. (os.pipe's descriptors are not inherited; the
            # copies dup2 makes are.)
            read_end = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
            write_end = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [
                executable,
                "--headless=new",
                "--remote-debugging-pipe",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--mute-audio",
                f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            preexec_fn=descriptors,
            close_fds=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (OSError, RuntimeError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # ---- the protocol ----
    def call(self, method: str, session: bool = False, **parameters: Any) -> dict[str, Any]:
        """Sends a command and waits for its answer (events meanwhile are kept in `events`)."""
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": parameters}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def _receive(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next message; a RuntimeError when none comes within `timeout` seconds (a test fails, never hangs)."""
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.from_browser], [], [], timeout)
            if not ready:
                raise RuntimeError(f"Chromium said nothing for {timeout} s")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe (did it start?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for_event(self, method: str) -> dict[str, Any]:
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        while True:
            event = self._receive()
            if event.get("method") == method:
                return event
            self.events.append(event)

    # ---- what a user does ----
    def open(self, path: Path, fragment: str = "") -> None:
        """Opens a local file and waits until it has loaded."""
        url = path.resolve().as_uri() + fragment
        self.events.clear()
        if "loaderId" not in self.call("Page.navigate", session=True, url=url):
            # The same page with another fragment: no load. Leave it, then open it afresh.
            self.call("Page.navigate", session=True, url="about:blank")
            self.wait_for_event("Page.loadEventFired")
            self.events.clear()
            self.call("Page.navigate", session=True, url=url)
        self.wait_for_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (an exception there is a RuntimeError here)."""
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def text(self, selector: str) -> str:
        """What an element shows (its innerText): '' when there is no such element."""
        return self.evaluate(f"(document.querySelector({json.dumps(selector)}) || {{innerText: ''}}).innerText")

    def visible(self, selector: str) -> bool:
        """The element is there, has a size and lies (at least partly) inside the window."""
        return bool(
            self.evaluate(f"""(() => {{
            const element = document.querySelector({json.dumps(selector)});
            if (!element) return false;
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 &&
              box.top < innerHeight && box.left < innerWidth;
        }})()""")
        )

    def click(self, selector: str) -> None:
        """A real mouse click at the middle of the element (scrolled into view first)."""
        box = self.evaluate(f"""(() => {{
            const element = document.querySelector({json.dumps(selector)});
            if (!element) return null;
            element.scrollIntoView({{block: "center", inline: "center"}});
            const box = element.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2];
        }})()""")
        if box is None:
            raise AssertionError(f"nothing to click: {selector}")
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call(
                "Input.dispatchMouseEvent",
                session=True,
                type=kind,
                x=x,
                y=y,
                button="left",
                clickCount=0 if kind == "mouseMoved" else 1,
            )

    def type_into(self, selector: str, text: str) -> None:
        """Clicks the field, selects what it holds and types the text over it."""
        self.click(selector)
        self.evaluate(f"document.querySelector({json.dumps(selector)}).select()")
        self.call("Input.insertText", session=True, text=text)

    def press(self, key: str) -> None:
        """Presses and releases a key (ArrowRight, ArrowLeft, j, k, Enter...)."""
        codes = {"ArrowRight": 39, "ArrowLeft": 37, "ArrowUp": 38, "ArrowDown": 40, "Enter": 13}
        code = codes.get(key, ord(key.upper()) if len(key) == 1 else 0)
        for kind in ("rawKeyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent",
                session=True,
                type=kind,
                key=key,
                windowsVirtualKeyCode=code,
                nativeVirtualKeyCode=code,
            )

    def screenshot(self, path: Path) -> bytes:
        """A PNG of the whole page (beyond the window's height), written to `path`."""
        height = int(self.evaluate("Math.ceil(document.documentElement.scrollHeight)"))
        width = int(self.evaluate("Math.ceil(document.documentElement.scrollWidth)"))
        data = base64.b64decode(
            self.call(
                "Page.captureScreenshot",
                session=True,
                format="png",
                captureBeyondViewport=True,
                clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
            )["data"]
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return data
