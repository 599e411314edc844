//! A small Chrome DevTools Protocol client for browser tests: launches
//! headless Chromium, opens pages, navigates, evaluates JavaScript (values
//! come back as JSON), waits for conditions and presses keys.
//!
//! Use it as `crate::support::cdp`. Dropping the [`Browser`] kills Chromium
//! and removes its profile folder. All tests share one process: a
//! [`Browser`] holds [`one_browser_at_a_time`] while it lives, so at most one
//! Chromium runs at once, as when each test file was its own binary (a test
//! must not launch a second one while it holds the first).
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The Chromium to use, if installed.
pub fn chromium() -> Option<PathBuf> {
    Path::new(CHROMIUM)
        .exists()
        .then(|| PathBuf::from(CHROMIUM))
}

/// `Some(chromium)`, or `None` after printing a notice when it is missing.
/// In CI (`CI=true`) a missing browser fails the test instead: browser tests
/// never silently skip there.
pub fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    if let Some(path) = chromium() {
        return Some(path);
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(
        !ci,
        "{test}: {CHROMIUM} is missing and CI=true: browser tests must run in CI \
         (install it with `apt-get install -y chromium`)"
    );
    eprintln!("notice: {test} skipped: {CHROMIUM} not found (apt-get install -y chromium)");
    None
}

/// Waits until no other test of this process runs a Chromium, and keeps
/// others waiting until dropped. [`Browser::launch`] takes it; tests that
/// start Chromium some other way (axe-core's through node) take it themselves.
pub fn one_browser_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A headless Chromium; killed on drop.
pub struct Browser {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
    /// Dropped after `child` is killed (fields drop in order).
    _one_at_a_time: MutexGuard<'static, ()>,
}

impl Browser {
    /// Starts `chromium` headless with a fresh profile and a DevTools port,
    /// once no other browser of this process is running.
    pub fn launch(chromium: &Path) -> Browser {
        let one_at_a_time = one_browser_at_a_time();
        let profile = tempfile::tempdir().expect("profile folder");
        let mut child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1024,768",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromium.display()));
        // Read stderr on a thread (and keep draining it so Chromium never blocks).
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.split("DevTools listening on ws://").nth(1) {
                    let _ = tx.send(rest.to_string());
                }
            }
        });
        let Ok(rest) = rx.recv_timeout(Duration::from_secs(60)) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not print its DevTools address within 30 s");
        };
        let port = rest
            .split('/')
            .next()
            .and_then(|hp| hp.rsplit(':').next())
            .and_then(|p| p.parse().ok())
            .expect("a port in the DevTools address");
        Browser {
            child,
            port,
            _profile: profile,
            _one_at_a_time: one_at_a_time,
        }
    }

    /// Opens a new tab on `about:blank`.
    pub fn new_page(&self) -> Page {
        let url = format!("http://127.0.0.1:{}/json/new?about:blank", self.port);
        let body = ureq::put(&url)
            .send_empty()
            .expect("PUT /json/new")
            .into_body()
            .read_to_string()
            .expect("a target description");
        let target: Value = serde_json::from_str(&body).expect("JSON from /json/new");
        let ws_url = target["webSocketDebuggerUrl"]
            .as_str()
            .expect("webSocketDebuggerUrl");
        let (ws, _) = tungstenite::connect(ws_url).expect("connect to the page");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(60))).ok();
        }
        let mut page = Page { ws, next_id: 0 };
        page.call("Page.enable", json!({}));
        page.call("Runtime.enable", json!({}));
        page
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One tab, driven over its DevTools WebSocket.
pub struct Page {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl Page {
    /// Sends a command and returns its `result` (events in between are dropped).
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|err| panic!("{method} failed: {err}"))
    }

    /// [`Page::call`], a protocol error returned (say, "Inspected target
    /// navigated or closed" for an evaluation that a navigation cut short).
    fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let msg = json!({"id": id, "method": method, "params": params}).to_string();
        self.ws
            .send(Message::text(msg))
            .expect("send a DevTools command");
        loop {
            let msg = self.ws.read().expect("read from DevTools");
            let Ok(text) = msg.to_text() else { continue };
            let Ok(v) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            if v["id"].as_u64() != Some(id) {
                continue;
            }
            if let Some(err) = v.get("error") {
                return Err(err.clone());
            }
            return Ok(v["result"].clone());
        }
    }

    /// Navigates and waits until the document has loaded. A load that has
    /// not completed after 30 s is reported (its state and the resources it
    /// has fetched) and navigated once more: on a loaded 2-core CI machine a
    /// load has been seen to stall now and then (cause not yet found).
    pub fn navigate(&mut self, url: &str) {
        const LOADED: &str = "document.readyState === 'complete'";
        for attempt in 0..2 {
            let r = self.call("Page.navigate", json!({ "url": url }));
            if let Some(e) = r.get("errorText") {
                panic!("cannot open {url}: {e}");
            }
            if attempt == 1 {
                break;
            }
            if self.poll(LOADED, Duration::from_secs(30)) {
                return;
            }
            let state = self.try_eval(
                "JSON.stringify({ state: document.readyState, href: location.href, \
                 resources: performance.getEntriesByType('resource').map(e => e.name + ' ' + Math.round(e.duration)) })",
            );
            eprintln!(
                "navigate: {url} did not finish loading in 30 s ({state:?}); navigating again"
            );
        }
        self.wait_for(LOADED, Duration::from_secs(60));
    }

    /// Polls `predicate` until it is truthy or `timeout` passes; whether it became true.
    fn poll(&mut self, predicate: &str, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(v) = self.try_eval(&format!("!!({predicate})"))
                && v == Value::Bool(true)
            {
                return true;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        false
    }

    /// Evaluates `js` (awaiting promises) and returns its value as JSON.
    /// Exceptions come back as `Err(description)`, and so does an
    /// evaluation the page's navigation cut short (a protocol error).
    pub fn try_eval(&mut self, js: &str) -> Result<Value, String> {
        let r = self
            .try_call(
                "Runtime.evaluate",
                json!({"expression": js, "returnByValue": true, "awaitPromise": true}),
            )
            .map_err(|err| err.to_string())?;
        if let Some(ex) = r.get("exceptionDetails") {
            let text = ex["exception"]["description"]
                .as_str()
                .or(ex["text"].as_str())
                .unwrap_or("exception");
            return Err(text.to_string());
        }
        Ok(r["result"]["value"].clone())
    }

    /// Evaluates `js`; panics on an exception.
    pub fn eval(&mut self, js: &str) -> Value {
        self.try_eval(js).unwrap_or_else(|e| panic!("{js}: {e}"))
    }

    /// Polls `predicate` (a JS expression) until it is truthy; exceptions
    /// (e.g. while a page reloads) count as false. Panics after `timeout`.
    pub fn wait_for(&mut self, predicate: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(v) = self.try_eval(&format!("!!({predicate})"))
                && v == Value::Bool(true)
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {timeout:?} waiting for `{predicate}`"
            );
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Presses and releases a key (`"Enter"`, `"Tab"`, `"a"`, `"ArrowDown"`...).
    pub fn press(&mut self, key: &str) {
        let (code, text, vk) = key_info(key);
        let mut down =
            json!({"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": vk});
        if let Some(t) = &text {
            down["text"] = json!(t);
        }
        self.call("Input.dispatchKeyEvent", down);
        self.call(
            "Input.dispatchKeyEvent",
            json!({"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk}),
        );
    }

    /// Types `text` one character at a time.
    pub fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.press(&c.to_string());
        }
    }
}

/// DOM `code`, the text a key produces, and its Windows virtual key code.
fn key_info(key: &str) -> (String, Option<String>, u32) {
    match key {
        "Enter" => ("Enter".into(), Some("\r".into()), 13),
        "Tab" => ("Tab".into(), None, 9),
        "Escape" => ("Escape".into(), None, 27),
        "Backspace" => ("Backspace".into(), None, 8),
        " " => ("Space".into(), Some(" ".into()), 32),
        "ArrowLeft" => ("ArrowLeft".into(), None, 37),
        "ArrowUp" => ("ArrowUp".into(), None, 38),
        "ArrowRight" => ("ArrowRight".into(), None, 39),
        "ArrowDown" => ("ArrowDown".into(), None, 40),
        k if k.chars().count() == 1 => {
            let c = k.chars().next().unwrap();
            let upper = c.to_ascii_uppercase();
            let code = if c.is_ascii_digit() {
                format!("Digit{c}")
            } else if c.is_ascii_alphabetic() {
                format!("Key{upper}")
            } else {
                String::new()
            };
            (code, Some(k.to_string()), upper as u32)
        }
        other => (other.to_string(), None, 0),
    }
}
