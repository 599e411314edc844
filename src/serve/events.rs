//! The reload channel: Server-Sent Events at [`EVENTS_PATH`], one thread per
//! open page, fed by a [`Hub`] that broadcasts every event to every page.
//!
//! Events: `reload` (`{"all": bool, "paths": [url...]}`), `css` (`{"paths":
//! [url...]}`: swap those stylesheets), `error` (`{"errors": [{path, line,
//! col, message}...]}`), `ok` (errors are gone) and `warnings` (`{"warnings":
//! [{path, line, col, message}...]}`: the warnings the last change made
//! appear; a page opened after it gets them too, until the next rebuild).

use std::io::Write;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde::Serialize;
use serde_json::json;

use super::engine::Problem;

pub const EVENTS_PATH: &str = "/__tilebook/events";

/// Above this many changed files, a reload event says `all` instead of listing them.
const MAX_LISTED: usize = 200;
const KEEPALIVE: Duration = Duration::from_secs(10);

/// One server-sent event, already encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub name: &'static str,
    pub data: String,
}

impl Event {
    fn new(name: &'static str, data: impl Serialize) -> Event {
        Event {
            name,
            data: serde_json::to_string(&data).unwrap_or_else(|_| "{}".into()),
        }
    }

    /// A reload of pages showing `urls`.
    pub fn reload(urls: &[String]) -> Event {
        if urls.len() > MAX_LISTED {
            Event::new("reload", json!({"all": true, "paths": []}))
        } else {
            Event::new("reload", json!({"all": false, "paths": urls}))
        }
    }

    pub fn css(urls: &[String]) -> Event {
        Event::new("css", json!({ "paths": urls }))
    }

    pub fn error(problems: &[Problem]) -> Event {
        Event::new("error", json!({ "errors": problems }))
    }

    pub fn warnings(problems: &[Problem]) -> Event {
        Event::new("warnings", json!({ "warnings": problems }))
    }

    pub fn ok() -> Event {
        Event::new("ok", json!({}))
    }

    /// The wire form: `event: name\ndata: json\n\n`.
    pub fn encode(&self) -> String {
        format!("event: {}\ndata: {}\n\n", self.name, self.data)
    }
}

/// The events to send for a set of changed URLs: stylesheets only → `css`,
/// otherwise `reload`.
pub fn for_changes(urls: &[String]) -> Option<Event> {
    if urls.is_empty() {
        None
    } else if urls.iter().all(|u| u.ends_with(".css")) {
        Some(Event::css(urls))
    } else {
        Some(Event::reload(urls))
    }
}

/// Every open page's channel, plus the current error state so that pages
/// opened while the build is broken show the overlay at once.
#[derive(Default)]
pub struct Hub {
    subscribers: Mutex<Vec<Sender<Event>>>,
    errors: Mutex<Option<Event>>,
    /// The warnings the last rebuild made appear, for pages opened since
    /// (a page reloads after the change that caused them).
    warnings: Mutex<Option<Event>>,
}

impl Hub {
    pub fn subscribe(&self) -> Receiver<Event> {
        let (tx, rx) = mpsc::channel();
        for kept in [&self.errors, &self.warnings] {
            if let Some(e) = kept.lock().unwrap_or_else(PoisonError::into_inner).clone() {
                let _ = tx.send(e);
            }
        }
        self.subscribers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(tx);
        rx
    }

    /// Sends `event` to every open page, forgetting pages that went away.
    pub fn broadcast(&self, event: Event) {
        if event.name == "error" {
            *self.errors.lock().unwrap_or_else(PoisonError::into_inner) = Some(event.clone());
        } else if event.name == "ok" {
            *self.errors.lock().unwrap_or_else(PoisonError::into_inner) = None;
        }
        self.subscribers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|tx| tx.send(event.clone()).is_ok());
    }

    /// Keeps the warnings of the last rebuild (`None`: it made none
    /// appear) for pages opened from now on, and sends them to the open ones.
    pub fn set_warnings(&self, event: Option<Event>) {
        *self.warnings.lock().unwrap_or_else(PoisonError::into_inner) = event.clone();
        if let Some(event) = event {
            self.broadcast(event);
        }
    }

    pub fn has_errors(&self) -> bool {
        self.errors
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

/// Streams events to one page until it goes away. Writes the HTTP response
/// itself: tiny_http's chunked encoder would hold small events back.
pub fn stream(request: tiny_http::Request, hub: Arc<Hub>) {
    let rx = hub.subscribe();
    let mut w = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
                Cache-Control: no-store\r\nConnection: close\r\nX-Accel-Buffering: no\r\n\r\n\
                retry: 500\n\n";
    if w.write_all(head.as_bytes())
        .and_then(|_| w.flush())
        .is_err()
    {
        return;
    }
    loop {
        let chunk = match rx.recv_timeout(KEEPALIVE) {
            Ok(event) => event.encode(),
            Err(RecvTimeoutError::Timeout) => ": keepalive\n\n".to_string(),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if w.write_all(chunk.as_bytes())
            .and_then(|_| w.flush())
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_only_changes_swap_stylesheets() {
        assert_eq!(for_changes(&["/site.css".into()]).unwrap().name, "css");
        let mixed = for_changes(&["/site.css".into(), "/en/".into()]).unwrap();
        assert_eq!(mixed.name, "reload");
        assert!(for_changes(&[]).is_none());
    }

    #[test]
    fn new_subscribers_get_the_current_errors() {
        let hub = Hub::default();
        hub.broadcast(Event::error(&[]));
        assert_eq!(hub.subscribe().try_recv().unwrap().name, "error");
        hub.broadcast(Event::ok());
        assert!(hub.subscribe().try_recv().is_err());
    }

    #[test]
    fn new_subscribers_get_the_last_change_s_warnings_until_the_next_rebuild() {
        let hub = Hub::default();
        let open = hub.subscribe();
        hub.set_warnings(Some(Event::warnings(&[])));
        assert_eq!(open.try_recv().unwrap().name, "warnings");
        assert_eq!(hub.subscribe().try_recv().unwrap().name, "warnings");
        hub.set_warnings(None);
        assert!(hub.subscribe().try_recv().is_err());
        assert!(open.try_recv().is_err());
    }
}
