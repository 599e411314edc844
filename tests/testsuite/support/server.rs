//! Test helper: runs `tilebook serve` on a free port over a temp copy of a
//! fixture site, and speaks just enough HTTP and Server-Sent Events to test it.
#![allow(dead_code)]

use super::common::copy_dir;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/basic");

/// A running `tilebook serve`; killed on drop.
pub struct Serve {
    child: Child,
    pub addr: SocketAddr,
    pub root: PathBuf,
    pub stdout: Receiver<String>,
    pub stderr: Receiver<String>,
    _dir: tempfile::TempDir,
}

impl Serve {
    /// Copies `fixture` to a temp folder and serves it on 127.0.0.1, port 0.
    pub fn start(fixture: &str) -> Serve {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        copy_dir(Path::new(fixture), &root);
        let mut child = Command::new(env!("CARGO_BIN_EXE_tilebook"))
            .args(["--root"])
            .arg(&root)
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tilebook serve");
        let stdout = lines(child.stdout.take().unwrap());
        let stderr = lines(child.stderr.take().unwrap());
        let deadline = Instant::now() + Duration::from_secs(30);
        let addr = loop {
            let line = stdout
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("serve prints the URL to open");
            if let Some(rest) = line.split("http://").nth(1) {
                let hostport = rest.split('/').next().unwrap();
                break hostport.parse().expect("an address in the URL");
            }
        };
        Serve {
            child,
            addr,
            root,
            stdout,
            stderr,
            _dir: dir,
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        get(self.addr, path)
    }

    /// Waits until `GET path` answers with a body containing `needle`.
    pub fn wait_for_text(&self, path: &str, needle: &str, timeout: Duration) -> Reply {
        let deadline = Instant::now() + timeout;
        loop {
            let r = self.get(path);
            if r.body.contains(needle) {
                return r;
            }
            assert!(
                Instant::now() < deadline,
                "{path} never contained {needle:?}; last: {r:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Next stdout line matching `pred`, within `timeout`.
    pub fn wait_stdout(&self, timeout: Duration, pred: impl Fn(&str) -> bool) -> String {
        wait_line(&self.stdout, timeout, pred, "stdout")
    }

    pub fn wait_stderr(&self, timeout: Duration, pred: impl Fn(&str) -> bool) -> String {
        wait_line(&self.stderr, timeout, pred, "stderr")
    }

    pub fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.root.join(rel), text).unwrap();
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root.join(rel)).unwrap()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn wait_line(
    rx: &Receiver<String>,
    timeout: Duration,
    pred: impl Fn(&str) -> bool,
    what: &str,
) -> String {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if pred(&line) => return line,
            Ok(_) => {}
            Err(_) => panic!("no matching line on {what} within {timeout:?}"),
        }
    }
}

fn lines(r: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` sent verbatim (no client-side normalization of `..`), HTTP/1.0.
pub fn get(addr: SocketAddr, path: &str) -> Reply {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut head_lines = head.lines();
    let status = head_lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = head_lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// One server-sent event.
#[derive(Debug, Clone)]
pub struct Sse {
    pub name: String,
    pub data: serde_json::Value,
}

/// Opens the reload stream; events arrive on the receiver.
pub fn open_events(addr: SocketAddr) -> Receiver<Sse> {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /__tilebook/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    // The server subscribes before it answers: once the headers are read,
    // no event can be missed.
    let mut reader = BufReader::new(s);
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
    }
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut name = String::new();
        let mut data = String::new();
        for line in reader.lines() {
            let Ok(line) = line else { break };
            if let Some(n) = line.strip_prefix("event: ") {
                name = n.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data.push_str(d);
            } else if line.is_empty() && !name.is_empty() {
                let value = serde_json::from_str(&data).unwrap_or(serde_json::Value::Null);
                let event = Sse {
                    name: std::mem::take(&mut name),
                    data: value,
                };
                data.clear();
                if tx.send(event).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

/// Next event named `name`, skipping others, within `timeout`.
pub fn wait_event(rx: &Receiver<Sse>, name: &str, timeout: Duration) -> Sse {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(e) if e.name == name => return e,
            Ok(_) => {}
            Err(_) => panic!("no {name:?} event within {timeout:?}"),
        }
    }
}
