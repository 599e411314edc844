//! A small Chrome DevTools Protocol client for browser tests: launch a
//! headless Chromium, open pages, navigate, evaluate JavaScript, wait for
//! conditions, press keys. Blocking, one WebSocket per page, no async runtime.
//!
//! ```ignore
//! let browser = Browser::launch()?;
//! let mut page = browser.new_page()?;
//! page.navigate("http://127.0.0.1:8080/")?;
//! let title = page.eval("document.title")?;
//! ```

#![allow(dead_code)] // each test crate uses a different subset

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// Where the browser is expected on the test machines.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// How long one protocol reply (or a page load) may take.
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

pub type Result<T> = std::result::Result<T, String>;

/// A running headless Chromium; killed when dropped.
pub struct Browser {
    child: Child,
    /// `host:port` of the DevTools endpoint.
    host: String,
    /// Connection to the browser target (creates pages).
    conn: std::sync::Mutex<Conn>,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Is the browser binary there at all?
    pub fn available() -> bool {
        Path::new(CHROMIUM).exists()
    }

    /// Starts `/usr/bin/chromium` headless with a throw-away profile.
    pub fn launch() -> Result<Browser> {
        Self::launch_with(CHROMIUM, &[])
    }

    /// Starts `binary` headless; `extra` arguments go before the defaults' end.
    pub fn launch_with(binary: &str, extra: &[&str]) -> Result<Browser> {
        let profile = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
        let mut cmd = Command::new(binary);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            "--disable-component-update",
            "--disable-sync",
            "--disable-default-apps",
            "--mute-audio",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--remote-debugging-port=0")
        .args(extra)
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {binary}: {e}"))?;

        // Read stderr until the DevTools line; keep draining afterwards so
        // the browser never blocks on a full pipe.
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if !sent {
                    if let Some(at) = line.find("ws://") {
                        let _ = tx.send(line[at..].trim().to_string());
                        sent = true;
                    }
                }
            }
        });
        let ws_url = match rx.recv_timeout(REPLY_TIMEOUT) {
            Ok(url) => url,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{binary} did not print a DevTools address"));
            }
        };
        let host = ws_url
            .trim_start_matches("ws://")
            .split('/')
            .next()
            .unwrap_or_default()
            .to_string();
        let conn = match Conn::open(&ws_url) {
            Ok(c) => c,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(e);
            }
        };
        Ok(Browser {
            child,
            host,
            conn: std::sync::Mutex::new(conn),
            _profile: profile,
        })
    }

    /// Opens a new blank tab and connects to it.
    pub fn new_page(&self) -> Result<Page> {
        let target = {
            let mut conn = self.conn.lock().unwrap();
            conn.call("Target.createTarget", json!({ "url": "about:blank" }))?
        };
        let id = target["targetId"]
            .as_str()
            .ok_or("Target.createTarget: no targetId")?;
        let mut conn = Conn::open(&format!("ws://{}/devtools/page/{id}", self.host))?;
        conn.call("Page.enable", json!({}))?;
        conn.call("Runtime.enable", json!({}))?;
        // Headless tabs are not "focused"; keyboard tests need focus events.
        let _ = conn.call(
            "Emulation.setFocusEmulationEnabled",
            json!({ "enabled": true }),
        );
        Ok(Page { conn })
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Ok(mut conn) = self.conn.lock() {
            let _ = conn.send("Browser.close", json!({}));
        }
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One WebSocket session: numbered calls, queued events.
struct Conn {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    events: VecDeque<Value>,
}

impl Conn {
    fn open(url: &str) -> Result<Conn> {
        let (ws, _) = tungstenite::connect(url).map_err(|e| format!("connect {url}: {e}"))?;
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(REPLY_TIMEOUT))
                .map_err(|e| e.to_string())?;
        }
        Ok(Conn {
            ws,
            next_id: 1,
            events: VecDeque::new(),
        })
    }

    fn send(&mut self, method: &str, params: Value) -> Result<u64> {
        let id = self.next_id;
        self.next_id += 1;
        let msg = json!({ "id": id, "method": method, "params": params });
        self.ws
            .send(Message::text(msg.to_string()))
            .map_err(|e| format!("{method}: send: {e}"))?;
        Ok(id)
    }

    fn read(&mut self) -> Result<Value> {
        loop {
            match self.ws.read() {
                Ok(Message::Text(t)) => {
                    return serde_json::from_str(t.as_str()).map_err(|e| e.to_string());
                }
                Ok(Message::Close(_)) => return Err("DevTools connection closed".into()),
                Ok(_) => continue,
                Err(e) => return Err(format!("DevTools read: {e}")),
            }
        }
    }

    fn call(&mut self, method: &str, params: Value) -> Result<Value> {
        let id = self.send(method, params)?;
        loop {
            let msg = self.read()?;
            if msg.get("id").and_then(Value::as_u64) == Some(id) {
                if let Some(err) = msg.get("error") {
                    return Err(format!("{method}: {err}"));
                }
                return Ok(msg.get("result").cloned().unwrap_or(Value::Null));
            }
            self.queue(msg);
        }
    }

    /// Keeps the events callers ask for; drops the rest (console, network…).
    fn queue(&mut self, msg: Value) {
        let keep = matches!(
            msg["method"].as_str(),
            Some("Page.loadEventFired" | "Runtime.exceptionThrown")
        );
        if keep {
            self.events.push_back(msg);
        }
    }

    /// Waits for an event named `method` (queued ones first).
    fn wait_event(&mut self, method: &str) -> Result<Value> {
        if let Some(at) = self.events.iter().position(|e| e["method"] == method) {
            return Ok(self.events.remove(at).unwrap());
        }
        loop {
            let msg = self.read()?;
            if msg["method"] == method {
                return Ok(msg);
            }
            self.queue(msg);
        }
    }
}

/// One browser tab.
pub struct Page {
    conn: Conn,
}

/// A key `press_key` knows: (key, code, windows key code, text).
fn key_info(key: &str) -> Option<(&'static str, &'static str, u32, &'static str)> {
    Some(match key {
        "Tab" => ("Tab", "Tab", 9, ""),
        "Enter" => ("Enter", "Enter", 13, "\r"),
        "Space" | " " => (" ", "Space", 32, " "),
        "Escape" => ("Escape", "Escape", 27, ""),
        "ArrowDown" => ("ArrowDown", "ArrowDown", 40, ""),
        "ArrowUp" => ("ArrowUp", "ArrowUp", 38, ""),
        "ArrowLeft" => ("ArrowLeft", "ArrowLeft", 37, ""),
        "ArrowRight" => ("ArrowRight", "ArrowRight", 39, ""),
        "Home" => ("Home", "Home", 36, ""),
        "End" => ("End", "End", 35, ""),
        _ => return None,
    })
}

impl Page {
    /// Sends any protocol command to this tab and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Result<Value> {
        self.conn.call(method, params)
    }

    /// Loads `url` and waits for its `load` event.
    pub fn navigate(&mut self, url: &str) -> Result<()> {
        self.conn
            .events
            .retain(|e| e["method"] != "Page.loadEventFired");
        let r = self.call("Page.navigate", json!({ "url": url }))?;
        if let Some(err) = r.get("errorText").and_then(Value::as_str) {
            return Err(format!("navigate {url}: {err}"));
        }
        self.conn.wait_event("Page.loadEventFired")?;
        Ok(())
    }

    /// Reloads the page and waits for its `load` event.
    pub fn reload(&mut self) -> Result<()> {
        self.conn
            .events
            .retain(|e| e["method"] != "Page.loadEventFired");
        self.call("Page.reload", json!({ "ignoreCache": true }))?;
        self.conn.wait_event("Page.loadEventFired")?;
        Ok(())
    }

    /// Evaluates `js` (an expression; promises are awaited) and returns its
    /// value as JSON. A thrown exception is an `Err`.
    pub fn eval(&mut self, js: &str) -> Result<Value> {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": js, "returnByValue": true, "awaitPromise": true }),
        )?;
        if let Some(ex) = r.get("exceptionDetails") {
            let text = ex["exception"]["description"]
                .as_str()
                .or(ex["text"].as_str())
                .unwrap_or("exception");
            return Err(format!("{text}\n  in: {js}"));
        }
        Ok(r["result"].get("value").cloned().unwrap_or(Value::Null))
    }

    /// Polls `js_predicate` until it is truthy, or fails after `timeout`.
    pub fn wait_for(&mut self, js_predicate: &str, timeout: Duration) -> Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            let v = self.eval(js_predicate)?;
            let truthy = match &v {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if truthy {
                return Ok(());
            }
            if Instant::now() >= deadline {
                return Err(format!(
                    "timed out after {timeout:?} waiting for: {js_predicate}"
                ));
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Presses and releases a key (`Tab`, `Enter`, `Space`, arrows, …) with
    /// optional modifiers (1 Alt, 2 Ctrl, 4 Meta, 8 Shift).
    pub fn press_key_with(&mut self, key: &str, modifiers: u32) -> Result<()> {
        let (key, code, vk, text) = key_info(key).ok_or(format!("unknown key {key}"))?;
        let mut down = json!({
            "type": if text.is_empty() { "rawKeyDown" } else { "keyDown" },
            "key": key, "code": code, "modifiers": modifiers,
            "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk,
        });
        if !text.is_empty() {
            down["text"] = json!(text);
            down["unmodifiedText"] = json!(text);
        }
        self.call("Input.dispatchKeyEvent", down)?;
        self.call(
            "Input.dispatchKeyEvent",
            json!({
                "type": "keyUp", "key": key, "code": code, "modifiers": modifiers,
                "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk,
            }),
        )?;
        Ok(())
    }

    pub fn press_key(&mut self, key: &str) -> Result<()> {
        self.press_key_with(key, 0)
    }

    /// Turns JavaScript off (or on) for this tab; takes effect on the next load.
    pub fn set_js_enabled(&mut self, enabled: bool) -> Result<()> {
        self.call(
            "Emulation.setScriptExecutionDisabled",
            json!({ "value": !enabled }),
        )?;
        Ok(())
    }

    /// Runs `source` in every new document of this tab before its own scripts.
    pub fn add_init_script(&mut self, source: &str) -> Result<()> {
        self.call(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source }),
        )?;
        Ok(())
    }

    /// Sets the viewport size (CSS pixels) of this tab.
    pub fn set_viewport(&mut self, width: u32, height: u32) -> Result<()> {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
        )?;
        Ok(())
    }

    /// Uncaught exceptions reported by the page so far (texts), drained.
    pub fn take_exceptions(&mut self) -> Vec<String> {
        // Pick up anything already sent without blocking on the socket.
        let _ = self.call("Runtime.evaluate", json!({ "expression": "0" }));
        let mut out = Vec::new();
        self.conn.events.retain(|e| {
            if e["method"] == "Runtime.exceptionThrown" {
                let d = &e["params"]["exceptionDetails"];
                let text = d["exception"]["description"]
                    .as_str()
                    .or(d["text"].as_str())
                    .unwrap_or("exception");
                out.push(text.to_string());
                false
            } else {
                true
            }
        });
        out
    }
}
