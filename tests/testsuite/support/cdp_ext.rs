//! Additions to the shared CDP client (`cdp.rs`, kept verbatim from the
//! `serve` branch) that the exercise tests need: JavaScript off, scripts run
//! before a page's own, viewport size, reload, focus emulation and a record of
//! uncaught page errors. Everything goes through `Page::call`.
//!
//! Use it as `crate::support::cdp_ext` (its `PageExt` trait) next to `cdp`.

#![allow(dead_code)]

use std::time::Duration;

use serde_json::{Value, json};

use super::cdp::Page;

/// Collects uncaught errors and unhandled rejections into `window.__pageErrors`.
pub const ERROR_RECORDER: &str = "window.__pageErrors = [];
window.addEventListener('error', e => window.__pageErrors.push(String(e.message || e)));
window.addEventListener('unhandledrejection', e => window.__pageErrors.push(String(e.reason)));";

pub trait PageExt {
    /// Turns page JavaScript off (or on) for this tab; applies to the next load.
    fn set_js_enabled(&mut self, enabled: bool);
    /// Runs `source` in every new document of this tab before its own scripts.
    fn add_init_script(&mut self, source: &str);
    /// Emulates a viewport of `width`×`height` CSS pixels.
    fn set_viewport(&mut self, width: u32, height: u32);
    /// Lets a headless tab behave as focused (`:focus-visible`, focus events).
    fn emulate_focus(&mut self);
    /// Reloads and waits until the new document has loaded.
    fn reload(&mut self);
    /// Uncaught errors seen by [`ERROR_RECORDER`] in the current document.
    fn page_errors(&mut self) -> Vec<String>;
}

impl PageExt for Page {
    fn set_js_enabled(&mut self, enabled: bool) {
        self.call(
            "Emulation.setScriptExecutionDisabled",
            json!({ "value": !enabled }),
        );
    }

    fn add_init_script(&mut self, source: &str) {
        self.call(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source }),
        );
    }

    fn set_viewport(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
        );
    }

    fn emulate_focus(&mut self) {
        self.call(
            "Emulation.setFocusEmulationEnabled",
            json!({ "enabled": true }),
        );
    }

    fn reload(&mut self) {
        self.eval("window.__beforeReload = true");
        self.call("Page.reload", json!({ "ignoreCache": true }));
        self.wait_for(
            "!window.__beforeReload && document.readyState === 'complete'",
            Duration::from_secs(30),
        );
    }

    fn page_errors(&mut self) -> Vec<String> {
        match self.eval("window.__pageErrors || null") {
            Value::Array(list) => list
                .into_iter()
                .map(|v| v.as_str().unwrap_or_default().to_string())
                .collect(),
            _ => panic!("the error recorder is not installed in this page"),
        }
    }
}
