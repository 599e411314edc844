//! The Charleston trainer (`rules::trainer`, the ```` ```trainer ```` block,
//! `themes/felt/static/js/trainer.js`) in headless Chromium, on the course
//! itself (built in memory, served from 127.0.0.1):
//!
//! - the differential test: 1,200 seeded games of random legal and illegal
//!   moves, played through `rules::trainer::Game` here and through the
//!   browser's table (all games in one page evaluation), compared move by
//!   move (verdict, rule, phase, vote, every rack) and at the end (closest
//!   line);
//! - games played by keyboard: second Charleston stopped, and played with a
//!   blind pass; every illegal move the trainer offers refused with its rule
//!   and lesson link, the controls a pass cannot use hidden; the summary
//!   (not repeating the moves);
//! - the learner's lines drawn as tiles before the first pass, the deal and
//!   seat kept across a language switch, rack tiles 40 px wide at 390 px;
//! - without JavaScript the walkthrough; at 390 px nothing scrolls sideways;
//!   every language's words.
//!
//! Without `/usr/bin/chromium` the tests print a notice and pass, except when
//! `CI=true`: then they fail.
//!
//! Over 600 lines on purpose: every scenario shares one served course (its
//! build is the slow part) and the page helpers.

use crate::progress_browser::{CAPTURE_BLOBS, import};
use crate::support::{cdp, cdp_ext};

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use cdp::{Browser, Page};
use cdp_ext::{ERROR_RECORDER, PageExt};
use serde_json::{Value, json};
use tilebook::rules::generate::Rng;
use tilebook::rules::trainer::{self, Game, Move, Step};
use tilebook::rules::{Phase, Seat, Tile};

const WAIT: Duration = Duration::from_secs(60);
/// Deals the course's trainer block publishes (content/*/charleston/trainer.md).
const DEALS: u64 = 100;
const PAGE: &str = "/en/charleston/trainer/";

// ---- the site and the browser ----------------------------------------------------

/// The course, built in memory (with the server's address as its base URL)
/// and served from that build on 127.0.0.1 until dropped.
struct Site {
    base: String,
    server: Arc<tiny_http::Server>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Site {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn course() -> Site {
    let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").expect("bind 127.0.0.1:0"));
    let port = server.server_addr().to_ip().expect("an IP address").port();
    let base = format!("http://127.0.0.1:{port}");
    let opts = tilebook::site::BuildOptions {
        root: Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf(),
        base_url: Some(format!("{base}/")),
        ..Default::default()
    };
    let mut result = tilebook::site::build(&opts);
    let diagnostics = result.render_diagnostics();
    let output = match result.output.take() {
        Some(output) if !result.diagnostics.has_errors() => output,
        _ => panic!("the course does not build:\n{diagnostics}"),
    };
    assert!(output.get(&format!("{}index.html", &PAGE[1..])).is_some());
    let s = Arc::clone(&server);
    let thread = std::thread::spawn(move || {
        for request in s.incoming_requests() {
            let path = request.url().split(['?', '#']).next().unwrap_or("/");
            let mut path = path.trim_start_matches('/').to_string();
            if path.is_empty() || path.ends_with('/') {
                path.push_str("index.html");
            }
            let response = match output.get(&path) {
                Some(bytes) => {
                    let mime = match path.rsplit('.').next() {
                        Some("html") => "text/html; charset=utf-8",
                        Some("css") => "text/css; charset=utf-8",
                        Some("js") => "text/javascript; charset=utf-8",
                        Some("svg") => "image/svg+xml",
                        Some("json") => "application/json",
                        _ => "application/octet-stream",
                    };
                    let header = tiny_http::Header::from_bytes("Content-Type", mime).unwrap();
                    tiny_http::Response::from_data(bytes.to_vec()).with_header(header)
                }
                None => tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404),
            };
            let _ = request.respond(response);
        }
    });
    Site {
        base,
        server,
        thread: Some(thread),
    }
}

/// One browser scenario on the served course.
type Scenario = fn(&Browser, &Site);

/// Every browser scenario, on one served course (its build is the slow part).
#[test]
fn trainer_in_the_browser() {
    let Some(browser) = browser("trainer_in_the_browser") else {
        return;
    };
    let site = course();
    let scenarios: [(&str, Scenario); 6] = [
        ("differential", browser_table_matches_the_rules_move_by_move),
        (
            "stopped",
            a_game_by_keyboard_with_the_second_charleston_stopped,
        ),
        (
            "played",
            a_game_by_keyboard_with_the_second_charleston_played_and_a_blind_pass,
        ),
        ("no-js", without_javascript_the_walkthrough_is_shown),
        ("languages", every_language_at_phone_size),
        (
            "lines-and-language",
            lines_before_the_first_pass_and_the_deal_across_languages,
        ),
    ];
    for (name, scenario) in scenarios {
        eprintln!("trainer_in_the_browser: {name}");
        scenario(&browser, &site);
    }
}

fn browser(test: &str) -> Option<Browser> {
    let chromium = cdp::chromium_or_skip(test)?;
    Some(Browser::launch(&chromium))
}

fn open(browser: &Browser, site: &Site, path: &str) -> Page {
    open_with(browser, site, path, "")
}

/// [`open`], with `script` run first in every document.
fn open_with(browser: &Browser, site: &Site, path: &str, script: &str) -> Page {
    let mut page = browser.new_page();
    page.emulate_focus();
    page.add_init_script(ERROR_RECORDER);
    if !script.is_empty() {
        page.add_init_script(script);
    }
    page.navigate(&site.url(path));
    page.wait_for(
        "window.TilebookTrainer && document.querySelector('.trainer__app')",
        WAIT,
    );
    page
}

// ---- games in Rust ---------------------------------------------------------------

fn ids(tiles: &[Tile]) -> Vec<&'static str> {
    tiles.iter().map(|t| t.id()).collect()
}

fn move_json(mv: &Move) -> Value {
    match mv {
        Move::Pass { tiles, blind } => json!({"kind": "pass", "tiles": ids(tiles), "blind": blind}),
        Move::Stop => json!({"kind": "stop"}),
        Move::Continue => json!({"kind": "continue"}),
        Move::Offer { tiles } => json!({"kind": "offer", "tiles": ids(tiles)}),
    }
}

/// What the browser's `Engine.state()` reports: racks as sorted ids.
fn state_json(game: &Game) -> Value {
    let table = game.table();
    let racks: Vec<String> = Seat::ALL
        .iter()
        .map(|&s| {
            let mut r = ids(table.rack(s));
            r.sort();
            r.join(" ")
        })
        .collect();
    json!({
        "phase": table.phase().as_str(),
        "voted": game.voted(),
        "stopped_by": table.stopped_by().map(|s| s.index()),
        "racks": racks,
    })
}

/// `n` tiles of the rack in random order (jokers included).
fn some_tiles(rng: &mut Rng, rack: &[Tile], n: usize) -> Vec<Tile> {
    let mut tiles = rack.to_vec();
    rng.shuffle(&mut tiles);
    tiles.truncate(n);
    tiles
}

/// A random move: usually one the phase calls for (legal or nearly), often
/// anything at all (a joker, the wrong count, a blind pass too early, a stop
/// at the wrong time, an oversized offer, a tile not on the rack).
fn random_move(rng: &mut Rng, game: &Game) -> Move {
    let rack = game.table().rack(game.learner()).to_vec();
    let plain: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
    let phase = game.table().phase();
    if rng.chance(55) {
        return match phase {
            Phase::AwaitingSecondDecision if !game.voted() => {
                if rng.chance(50) {
                    Move::Stop
                } else {
                    Move::Continue
                }
            }
            Phase::Courtesy => {
                let n = rng.range(0, 3);
                Move::Offer {
                    tiles: some_tiles(rng, &plain, n),
                }
            }
            _ => {
                let pass = phase.next_pass();
                let blind = match pass {
                    Some(p) if p.may_be_blind() && rng.chance(50) => rng.range(1, 3),
                    _ => 0,
                };
                Move::Pass {
                    tiles: some_tiles(rng, &plain, 3 - blind),
                    blind,
                }
            }
        };
    }
    match rng.below(7) {
        0 => Move::Stop,
        1 => Move::Continue,
        2 => {
            let n = rng.range(0, 5);
            Move::Offer {
                tiles: some_tiles(rng, &rack, n),
            }
        }
        3 => {
            let mut tiles = some_tiles(rng, &plain, 2);
            tiles.push(Tile::JOKER);
            Move::Pass { tiles, blind: 0 }
        }
        4 => {
            // A tile the rack does not hold (or holds too few of).
            let missing = Tile::kinds()
                .find(|t| !rack.contains(t))
                .unwrap_or(Tile::JOKER);
            Move::Pass {
                tiles: vec![missing, missing, missing],
                blind: 0,
            }
        }
        _ => {
            let n = rng.range(0, 4);
            let blind = rng.range(0, 4);
            Move::Pass {
                tiles: some_tiles(rng, &rack, n),
                blind,
            }
        }
    }
}

struct Played {
    deal: u64,
    seat: Seat,
    moves: Vec<Value>,
    trace: Vec<Value>,
    closest: Value,
}

/// Game `i`: a deal, a seat, and up to 24 random moves until the end.
fn play_random(i: u64) -> Played {
    let mut rng = Rng::new(0x007a_11e5 + i);
    let deal_no = 1 + i % DEALS;
    let deal = trainer::deal(deal_no);
    let seat = Seat::ALL[rng.below(4)];
    let mut game = Game::new(&deal, seat);
    let (mut moves, mut trace) = (Vec::new(), Vec::new());
    for _ in 0..24 {
        if game.is_done() {
            break;
        }
        let mv = random_move(&mut rng, &game);
        let v = game.play(&mv);
        moves.push(move_json(&mv));
        trace.push(json!({"ok": v.ok, "rule": v.rule.as_str(), "state": state_json(&game)}));
    }
    let closest = if game.is_done() {
        let c = trainer::closest_line(&game.plan().lines, game.table().rack(seat));
        c.map_or(Value::Null, |(i, s)| json!([i, s]))
    } else {
        Value::Null
    };
    Played {
        deal: deal_no,
        seat,
        moves,
        trace,
        closest,
    }
}

fn browser_table_matches_the_rules_move_by_move(browser: &Browser, site: &Site) {
    const GAMES: u64 = 1200;
    let games: Vec<Played> = (0..GAMES).map(play_random).collect();
    let finished = games.iter().filter(|g| !g.closest.is_null()).count();
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    let refused: usize = games
        .iter()
        .flat_map(|g| &g.trace)
        .filter(|t| t["ok"] == false)
        .count();
    let stopped = games
        .iter()
        .filter(|g| {
            g.trace
                .last()
                .is_some_and(|t| t["state"]["stopped_by"].is_number())
        })
        .count();
    eprintln!(
        "{GAMES} games, {moves} moves ({refused} refused), {finished} finished, {stopped} stopped"
    );
    assert!(
        finished > 300 && refused > 1000 && stopped > 100,
        "the games must cover the table"
    );
    let input: Vec<Value> = games
        .iter()
        .map(|g| json!({"deal": g.deal, "seat": g.seat.index(), "moves": g.moves}))
        .collect();
    let mut page = open(browser, site, PAGE);
    let js = format!(
        "JSON.stringify(TilebookTrainer.replay(TilebookTrainer.data(), {}))",
        Value::Array(input)
    );
    let out: Vec<Value> = serde_json::from_str(page.eval(&js).as_str().unwrap()).unwrap();
    assert_eq!(out.len(), games.len());
    for (i, (g, b)) in games.iter().zip(&out).enumerate() {
        let btrace = b["trace"].as_array().unwrap();
        for (k, (want, got)) in g.trace.iter().zip(btrace).enumerate() {
            assert_eq!(
                want, got,
                "game {i} (deal {}, seat {}), move {k}: {}",
                g.deal, g.seat, g.moves[k]
            );
        }
        assert_eq!(g.trace.len(), btrace.len(), "game {i}");
        assert_eq!(g.closest, b["closest"], "game {i}: closest line");
    }
    assert!(page.page_errors().is_empty(), "{:?}", page.page_errors());
}

// ---- games by keyboard -----------------------------------------------------------

/// Loads `path` again in the same tab: a new game.
fn restart(page: &mut Page, site: &Site, path: &str) {
    page.navigate(&site.url(path));
    page.wait_for(
        "window.TilebookTrainer && document.querySelector('.trainer__app')",
        WAIT,
    );
}

/// Selects `tiles` on the rack by keyboard (focus each tile, Space).
fn pick(page: &mut Page, tiles: &[Tile]) {
    for t in tiles {
        let found = page.eval(&format!(
            "(() => {{ const b = [...document.querySelectorAll('.trainer__tile[data-tile=\"{}\"][aria-pressed=false]')][0]; if (!b) return false; b.focus(); return true; }})()",
            t.id()
        ));
        assert_eq!(found, true, "no unselected {t} on the rack");
        page.press(" ");
    }
}

/// Presses Enter on the action button `action`.
fn press_action(page: &mut Page, action: &str) {
    let ok = page.eval(&format!(
        "(() => {{ const b = document.querySelector('.trainer__app [data-action=\"{action}\"]'); if (!b || b.hidden) return false; b.focus(); return document.activeElement === b; }})()"
    ));
    assert_eq!(ok, true, "no visible {action} button");
    page.press("Enter");
}

/// Sets the blind count with the keyboard (ArrowDown on the focused select).
fn set_blind(page: &mut Page, n: usize) {
    page.eval("document.querySelector('.trainer__actions select').focus()");
    for _ in 0..n {
        page.press("ArrowDown");
    }
    let v = page.eval("document.querySelector('.trainer__actions select').value");
    assert_eq!(v, json!(n.to_string()));
}

/// Whether the blind-tiles selector and the stop button are hidden.
fn hidden_controls(page: &mut Page) -> Value {
    page.eval(
        "[document.querySelector('.trainer__actions select').closest('label').hidden,
          document.querySelector('.trainer__app [data-action=stop]').hidden]",
    )
}

fn refusal(page: &mut Page) -> (String, String) {
    let v = page.eval(
        "(() => { const p = document.querySelector('.trainer__refusal .trainer__rule'); \
         return p ? [p.dataset.rule, (p.querySelector('a') || {}).href || ''] : ['', '']; })()",
    );
    (v[0].as_str().unwrap().into(), v[1].as_str().unwrap().into())
}

/// A refused move: the rule shown, its lesson linked, nothing moved.
fn expect_refused(page: &mut Page, game: &mut Game, mv: &Move, rule: &str) {
    let before = page.eval(
        "[...document.querySelectorAll('.trainer__tile')].map(b => b.dataset.tile).join(' ')",
    );
    let v = game.play(mv);
    assert_eq!((v.ok, v.rule.as_str()), (false, rule), "{mv:?}");
    let (shown, href) = refusal(page);
    assert_eq!(shown, rule, "{mv:?}");
    assert!(href.contains("/en/"), "{rule}: lesson link {href:?}");
    let after = page.eval(
        "[...document.querySelectorAll('.trainer__tile')].map(b => b.dataset.tile).join(' ')",
    );
    assert_eq!(before, after, "a refused move changed the rack");
}

fn live(page: &mut Page) -> String {
    page.eval("document.querySelector('.trainer__live').textContent")
        .as_str()
        .unwrap()
        .to_string()
}

/// The learner's own suggestion, its tiles in rack order (as the page
/// passes them); with `blind`, a pass of `3 - blind` rack tiles and `blind`
/// blind ones instead.
fn planned(game: &Game, blind: Option<usize>) -> Move {
    match (game.suggested(), blind) {
        (Move::Pass { .. }, Some(n)) => {
            let rack = game.table().rack(game.learner());
            let mut tiles: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
            tiles.sort();
            tiles.truncate(3 - n);
            Move::Pass { tiles, blind: n }
        }
        (Move::Pass { mut tiles, blind }, None) => {
            tiles.sort();
            Move::Pass { tiles, blind }
        }
        (Move::Offer { mut tiles }, _) => {
            tiles.sort();
            Move::Offer { tiles }
        }
        (mv, _) => mv,
    }
}

/// Chooses `mv`'s tiles (and blind count) and presses its button.
fn press_move(page: &mut Page, mv: &Move) {
    match mv {
        Move::Pass { tiles, blind } => {
            pick(page, tiles);
            if *blind > 0 {
                set_blind(page, *blind);
            }
            press_action(page, "pass");
        }
        Move::Offer { tiles } => {
            pick(page, tiles);
            press_action(page, "offer");
        }
        Move::Continue => press_action(page, "continue"),
        Move::Stop => press_action(page, "stop"),
    }
}

/// Plays [`planned`] by keyboard, checked against `game`.
fn play_suggested(page: &mut Page, game: &mut Game, blind: Option<usize>) {
    let mv = planned(game, blind);
    press_move(page, &mv);
    let v = game.play(&mv);
    assert!(v.ok, "{mv:?}: {v}");
    assert_eq!(refusal(page).0, "", "{mv:?} was refused in the page");
    // The move is announced: what was passed and what came back.
    let said = live(page);
    if let Some(Step::Pass {
        received, blind: b, ..
    }) = game.steps().last()
    {
        assert!(said.contains("you passed"), "{said}");
        if *b > 0 {
            assert!(said.contains("blind"), "{said}");
        }
        for t in received {
            let name = page.eval(&format!("TilebookTrainer.data().names['{}']", t.id()));
            assert!(said.contains(name.as_str().unwrap()), "{said} lacks {t}");
        }
    }
}

/// Deselects every selected tile by keyboard.
fn clear(page: &mut Page) {
    let n = page.eval("document.querySelectorAll('.trainer__tile[aria-pressed=true]').length");
    for _ in 0..n.as_u64().unwrap() {
        page.eval("document.querySelector('.trainer__tile[aria-pressed=true]').focus()");
        page.press(" ");
    }
}

/// A deal and seat with a joker on the learner's rack; with `second`, one
/// whose computer players vote to play the second Charleston after the
/// learner's first Charleston of [`planned`] moves (the last one blind).
fn deal_with_joker(second: bool) -> (u64, Seat) {
    for n in 1..=DEALS {
        let deal = trainer::deal(n);
        for seat in Seat::ALL {
            if !deal.racks[seat.index()].contains(&Tile::JOKER) {
                continue;
            }
            let mut g = Game::new(&deal, seat);
            for blind in [None, None, Some(1)] {
                let mv = planned(&g, blind);
                assert!(g.play(&mv).ok);
            }
            g.play(&Move::Continue);
            if !second || g.table().stopped_by().is_none() {
                return (n, seat);
            }
        }
    }
    panic!("no deal fits");
}

fn check_summary(page: &mut Page, game: &Game) {
    page.wait_for("!document.querySelector('.trainer__summary').hidden", WAIT);
    let refused = page.eval("[...document.querySelectorAll('.trainer__summary-refused [data-rule]')].map(li => li.dataset.rule)");
    let want: Vec<&str> = game.refused().iter().map(|r| r.as_str()).collect();
    assert_eq!(refused, json!(want));
    let received: usize = game
        .steps()
        .iter()
        .map(|s| match s {
            Step::Pass { received, .. } | Step::Courtesy { received, .. } => received.len(),
            Step::Vote { .. } => 0,
        })
        .sum();
    let shown = page.eval("document.querySelectorAll('.trainer__received .tile').length");
    assert_eq!(shown, json!(received));
    let final_rack = page.eval("[...document.querySelectorAll('.trainer__rack-final .tile')].map(t => t.dataset.tile).join(' ')");
    let mut want: Vec<Tile> = game.table().rack(game.learner()).to_vec();
    want.sort();
    assert_eq!(final_rack, json!(ids(&want).join(" ")));
    // The moves are in the log, once: the summary does not list them again.
    let logged = page.eval(
        "[document.querySelectorAll('.trainer__log li').length,
          document.querySelectorAll('.trainer__summary li').length]",
    );
    assert_eq!(logged, json!([game.steps().len(), game.refused().len()]));
    let (line, short) =
        trainer::closest_line(&game.plan().lines, game.table().rack(game.learner())).unwrap();
    let shown = page.eval("(() => { const p = document.querySelector('.trainer__closest'); return [p.dataset.line, p.dataset.short, p.textContent,
        [...document.querySelectorAll('.trainer__closest-line .tile')].map(t => t.dataset.tile).join(' ')]; })()");
    assert_eq!(
        (shown[0].as_str(), shown[1].as_str()),
        (
            Some(line.to_string().as_str()),
            Some(short.to_string().as_str())
        )
    );
    // A plain text, or one text per count (`forms`: `=n` first, then the
    // English plural category), as the page's `fill` chooses.
    let template = page.eval("TilebookTrainer.data().labels['teach.closest_line']");
    let forms = &template["forms"];
    let category = if short == 1 { "one" } else { "other" };
    let said = (template.as_str())
        .or_else(|| forms[format!("={short}")].as_str())
        .or_else(|| forms[category].as_str())
        .or_else(|| forms["other"].as_str())
        .unwrap()
        .replace("{n}", &(line + 1).to_string())
        .replace("{short}", &short.to_string());
    assert_eq!(shown[2], json!(said));
    // The closest line is drawn as tiles, not written in line notation.
    assert_eq!(
        shown[3],
        json!(ids(&game.plan().lines[line].tiles()).join(" "))
    );
}

fn a_game_by_keyboard_with_the_second_charleston_stopped(browser: &Browser, site: &Site) {
    let (n, seat) = deal_with_joker(false);
    let path = format!("{PAGE}?deal={n}&seat={seat}");
    let mut page = open(browser, site, &path);
    let mut game = Game::new(&trainer::deal(n), seat);
    let rack = game.table().rack(seat).to_vec();
    let plain: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
    // Illegal first: two tiles, a joker, a blind pass on the first pass, a stop.
    let two = vec![plain[0], plain[1]];
    pick(&mut page, &two);
    press_action(&mut page, "pass");
    expect_refused(
        &mut page,
        &mut game,
        &Move::Pass {
            tiles: two.clone(),
            blind: 0,
        },
        "pass-exactly-three",
    );
    let mut with_joker = vec![plain[0], plain[1], Tile::JOKER];
    with_joker.sort();
    restart(&mut page, site, &path);
    pick(&mut page, &with_joker);
    press_action(&mut page, "pass");
    expect_refused(
        &mut page,
        &mut game,
        &Move::Pass {
            tiles: with_joker,
            blind: 0,
        },
        "joker-never-passed",
    );
    // A blind pass and a stop are not allowed on the first pass: the page
    // offers neither (the differential test checks their refusals).
    restart(&mut page, site, &path);
    assert_eq!(
        hidden_controls(&mut page),
        json!([true, true]),
        "first pass"
    );
    // The page's own refusals are the page's: reloading starts a new game,
    // so the Rust game keeps its refusals only from here on.
    let mut game = Game::new(&trainer::deal(n), seat);
    for _ in 0..3 {
        play_suggested(&mut page, &mut game, None);
    }
    // The vote: the learner stops the second Charleston.
    press_action(&mut page, "stop");
    assert!(game.play(&Move::Stop).ok);
    assert_eq!(
        live(&mut page),
        page.eval("TilebookTrainer.data().labels.vote_you")
            .as_str()
            .unwrap()
    );
    // The courtesy pass: four tiles are too many, a joker never goes.
    let rack = game.table().rack(seat).to_vec();
    let mut four: Vec<Tile> = rack
        .iter()
        .copied()
        .filter(|t| !t.is_joker())
        .take(4)
        .collect();
    four.sort();
    pick(&mut page, &four);
    press_action(&mut page, "offer");
    expect_refused(
        &mut page,
        &mut game,
        &Move::Offer { tiles: four },
        "courtesy-zero-to-three",
    );
    // Deselect by keyboard (Space again), then offer a joker.
    clear(&mut page);
    pick(&mut page, &[Tile::JOKER]);
    press_action(&mut page, "offer");
    expect_refused(
        &mut page,
        &mut game,
        &Move::Offer {
            tiles: vec![Tile::JOKER],
        },
        "joker-never-passed",
    );
    clear(&mut page);
    play_suggested(&mut page, &mut game, None);
    assert!(game.is_done());
    check_summary(&mut page, &game);
    assert!(page.page_errors().is_empty(), "{:?}", page.page_errors());
}

fn a_game_by_keyboard_with_the_second_charleston_played_and_a_blind_pass(
    browser: &Browser,
    site: &Site,
) {
    let (n, seat) = deal_with_joker(true);
    let mut page = open(browser, site, &format!("{PAGE}?deal={n}&seat={seat}"));
    let mut game = Game::new(&trainer::deal(n), seat);
    play_suggested(&mut page, &mut game, None);
    play_suggested(&mut page, &mut game, None);
    // The first left may be blind: forward one unseen tile.
    play_suggested(&mut page, &mut game, Some(1));
    // Passing before the vote is refused; then vote to play.
    let plain = game.plan().ranked(game.table().rack(seat))[..3].to_vec();
    assert_eq!(
        page.eval("document.querySelector('[data-action=pass]').hidden"),
        json!(true)
    );
    let v = game.clone().play(&Move::Pass {
        tiles: plain,
        blind: 0,
    });
    assert_eq!(v.rule.as_str(), "second-charleston-optional");
    assert_eq!(
        hidden_controls(&mut page),
        json!([true, false]),
        "the vote: stop offered"
    );
    play_suggested(&mut page, &mut game, None);
    assert_eq!(game.table().stopped_by(), None);
    play_suggested(&mut page, &mut game, None);
    // The second Charleston has started: no stop, and no blind tiles before its last pass.
    assert_eq!(
        hidden_controls(&mut page),
        json!([true, true]),
        "second across"
    );
    play_suggested(&mut page, &mut game, None);
    assert_eq!(
        hidden_controls(&mut page),
        json!([false, true]),
        "second right: blind tiles allowed"
    );
    // The second right may be blind too: forward two.
    play_suggested(&mut page, &mut game, Some(2));
    play_suggested(&mut page, &mut game, None);
    assert!(game.is_done());
    check_summary(&mut page, &game);
    assert!(page.page_errors().is_empty(), "{:?}", page.page_errors());
}

// ---- without JavaScript, on a phone, in every language -------------------------------

fn without_javascript_the_walkthrough_is_shown(browser: &Browser, site: &Site) {
    let mut page = browser.new_page();
    page.set_js_enabled(false);
    page.navigate(&site.url(PAGE));
    let steps =
        page.eval("document.querySelectorAll('.trainer__walkthrough .trainer__steps li').length");
    let spec = tilebook::exercises::trainer::Spec {
        deals: DEALS,
        walkthrough: 26, // content/en/charleston/trainer.md
        seat: None,
    };
    let game = tilebook::exercises::trainer::walkthrough_game(&spec);
    assert!(game.is_done());
    assert_eq!(steps, json!(game.steps().len()));
    // The lines are drawn as tiles there too, not written in line notation.
    let drawn = page.eval(
        "[...document.querySelectorAll('.trainer__walkthrough .trainer__lines-list > li')]
          .map(li => [...li.querySelectorAll('.tile')].map(t => t.dataset.tile).join(' '))",
    );
    let want: Vec<String> = game
        .plan()
        .lines
        .iter()
        .map(|l| ids(&l.tiles()).join(" "))
        .collect();
    assert_eq!(drawn, json!(want));
    assert_eq!(
        page.eval("document.querySelectorAll('.trainer__walkthrough code').length"),
        json!(0)
    );
    let visible = page.eval(
        "getComputedStyle(document.querySelector('.trainer__walkthrough')).display !== 'none'",
    );
    assert_eq!(visible, json!(true));
}

fn every_language_at_phone_size(browser: &Browser, site: &Site) {
    let mut page = browser.new_page();
    page.add_init_script(ERROR_RECORDER);
    page.set_viewport(390, 844);
    for lang in ["en", "de", "ca", "pt"] {
        page.navigate(&site.url(&format!("/{lang}/charleston/trainer/?deal=5")));
        page.wait_for("document.querySelector('.trainer__app')", WAIT);
        let wide = page.eval("document.documentElement.scrollWidth");
        assert!(
            wide.as_u64().unwrap() <= 390,
            "{lang}: {wide} px wide at 390"
        );
        let lang_attr = page.eval("document.documentElement.lang");
        assert_eq!(lang_attr, json!(lang));
        // The learner's lines are drawn before the first pass, and the rack's
        // tiles are at least 40 px wide.
        let deal = trainer::deal(5);
        assert_eq!(page.eval(DRAWN_LINES), lines_of(5, deal.seat), "{lang}");
        let narrowest = page.eval(
            "Math.min(...[...document.querySelectorAll('.trainer__rack .trainer__tile .tile')].map(t => t.getBoundingClientRect().width))",
        );
        assert!(
            narrowest.as_f64().unwrap() >= 40.0,
            "{lang}: rack tiles {narrowest} px wide at 390"
        );
        let labels = page.eval("TilebookTrainer.data().labels.pass");
        let button = page.eval("document.querySelector('[data-action=pass]').textContent");
        assert_eq!(labels, button, "{lang}");
        let strings = crate::support::common::felt_strings();
        assert_eq!(
            json!(strings.get(lang, "trainer.pass").unwrap()),
            button,
            "{lang}"
        );
        assert!(
            page.page_errors().is_empty(),
            "{lang}: {:?}",
            page.page_errors()
        );
    }
}

/// The teaching lines the page draws: each line's tiles, in order.
const DRAWN_LINES: &str =
    "[...document.querySelectorAll('.trainer__app .trainer__lines-list > li')]
    .map(li => [...li.querySelectorAll('.tile-row .tile')].map(t => t.dataset.tile).join(' '))";

/// The learner's lines of deal `n` from `seat`, as tile ids.
fn lines_of(n: u64, seat: Seat) -> Value {
    let game = Game::new(&trainer::deal(n), seat);
    json!(
        game.plan()
            .lines
            .iter()
            .map(|l| ids(&l.tiles()).join(" "))
            .collect::<Vec<_>>()
    )
}

fn lines_before_the_first_pass_and_the_deal_across_languages(browser: &Browser, site: &Site) {
    let mut page = open(browser, site, &format!("{PAGE}?deal=5&seat=east"));
    // Before the first pass: the log is empty and the lines are drawn as tiles.
    assert_eq!(
        page.eval("document.querySelectorAll('.trainer__log li').length"),
        json!(0)
    );
    let want = lines_of(5, Seat::East);
    assert_eq!(page.eval(DRAWN_LINES), want, "deal 5, east");
    assert_eq!(
        page.eval("getComputedStyle(document.querySelector('.trainer__lines')).display !== 'none'"),
        json!(true)
    );
    // How far each line is, under it.
    let short = page.eval(
        "[...document.querySelectorAll('.trainer__line-short')].map(p => Number(p.dataset.short))",
    );
    let game = Game::new(&trainer::deal(5), Seat::East);
    let rack = game.table().rack(Seat::East);
    let want_short: Vec<usize> = game
        .plan()
        .lines
        .iter()
        .map(|l| {
            trainer::closest_line(std::slice::from_ref(l), rack)
                .unwrap()
                .1
        })
        .collect();
    assert_eq!(short, json!(want_short));
    // No line notation anywhere on the page.
    for line in &game.plan().lines {
        let notation = line.to_string();
        assert_eq!(
            page.eval(&format!(
                "document.body.innerText.includes({})",
                json!(notation)
            )),
            json!(false),
            "{notation} is written on the page"
        );
    }
    // The language switcher keeps the deal and the seat.
    for lang in ["de", "ca", "pt", "en"] {
        let clicked = page.eval(&format!(
            "(() => {{ const a = document.querySelector('.lang-switcher a[hreflang={lang}]'); if (!a) return null; a.click(); return a.getAttribute('href'); }})()"
        ));
        assert!(
            clicked
                .as_str()
                .is_some_and(|h| h.contains("deal=5") && h.contains("seat=east")),
            "{lang}: {clicked}"
        );
        page.wait_for(
            &format!("location.pathname.startsWith('/{lang}/') && document.querySelector('.trainer__app')"),
            WAIT,
        );
        let state = page.eval(
            "[document.documentElement.lang, document.querySelector('.trainer__controls input').value,
              TilebookTrainer.data().seats[Number(document.querySelector('.trainer__controls select').value)].id]",
        );
        assert_eq!(state, json!([lang, "5", "east"]), "{lang}");
        assert_eq!(page.eval(DRAWN_LINES), want, "{lang}: the same lines");
    }
    // Another deal chosen on the page: the switcher follows it.
    page.eval("(() => { const i = document.querySelector('.trainer__controls input'); i.value = '7'; i.dispatchEvent(new Event('change')); })()");
    let href =
        page.eval("document.querySelector('.lang-switcher a[hreflang=de]').getAttribute('href')");
    assert!(
        href.as_str().is_some_and(|h| h.contains("deal=7")),
        "{href}"
    );
    assert!(page.page_errors().is_empty(), "{:?}", page.page_errors());
}

// ---- the learner's record ----------------------------------------------------------

/// Plays deal `n` from `seat` to the end on the page with the learner's own
/// suggestions (any language: nothing read is in words); returns the moves.
fn play_to_the_end(page: &mut Page, n: u64, seat: Seat) -> u64 {
    let mut game = Game::new(&trainer::deal(n), seat);
    let mut moves = 0;
    while !game.is_done() {
        let mv = planned(&game, None);
        press_move(page, &mv);
        assert!(game.play(&mv).ok, "{mv:?}");
        assert_eq!(refusal(page).0, "", "{mv:?} was refused in the page");
        moves += 1;
    }
    page.wait_for("!document.querySelector('.trainer__summary').hidden", WAIT);
    moves
}

/// "Your record" as shown: each item's stat and value.
const RECORD: &str = "[...document.querySelectorAll('.trainer__record-list li')].map(li => [li.dataset.stat, li.dataset.value])";

/// The record stored, without its date.
const STORED_RECORD: &str = "(() => { const r = JSON.parse(localStorage.getItem('tilebook:trainer') || 'null'); if (r) delete r.last; return r; })()";

fn open_home(page: &mut Page, site: &Site, lang: &str) {
    page.navigate(&site.url(&format!("/{lang}/")));
    page.wait_for("!document.getElementById('course-progress').hidden", WAIT);
}

/// Issue 33: the trainer's record is one for every language, travels in the
/// progress file (saved in German, loaded in English in a fresh profile), a
/// bad file changes nothing, and a reset is asked first.
#[test]
fn the_record_is_kept_across_languages_and_in_the_progress_file() {
    let test = "the_record_is_kept_across_languages_and_in_the_progress_file";
    let Some(browser_a) = browser(test) else {
        return;
    };
    let site = course();
    let (n, seat) = deal_with_joker(false);
    let de = format!("/de/charleston/trainer/?deal={n}&seat={seat}");
    let mut page = open(&browser_a, &site, &de);
    assert_eq!(page.eval(RECORD), json!([["empty", "0"]]), "nothing played");
    assert_eq!(
        page.eval("document.querySelector('.trainer__record-reset').hidden"),
        json!(true)
    );
    // A refused move (nothing chosen), then a whole game; then the same
    // deal again with no refusal.
    press_action(&mut page, "pass");
    assert_eq!(refusal(&mut page).0, "pass-exactly-three");
    let m = play_to_the_end(&mut page, n, seat);
    press_action(&mut page, "again");
    let m2 = play_to_the_end(&mut page, n, seat);
    assert_eq!(m, m2);
    // The first accepted move came after a refusal: not at the first try.
    let want = json!({
        "games": 2, "clean": 1, "moves": 2 * m, "first": 2 * m - 1,
        "run": 2 * m - 1, "best": 2 * m - 1,
    });
    assert_eq!(page.eval(STORED_RECORD), want);
    let shown = page.eval(RECORD);
    let stats: Vec<&str> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[0].as_str().unwrap())
        .collect();
    assert_eq!(stats, ["games", "clean", "first", "best", "last"]);
    assert_eq!(shown[2][1], json!(format!("{}/{}", 2 * m - 1, 2 * m)));
    let text = page.eval("document.querySelector('.trainer__record').innerText");
    assert!(text.as_str().unwrap().contains("2 Spiele"), "{text}");

    // The English page: the same record, in English.
    page.navigate(&site.url(&format!("/en/charleston/trainer/?deal={n}&seat={seat}")));
    page.wait_for("document.querySelector('.trainer__record-list li')", WAIT);
    assert_eq!(page.eval(RECORD), shown, "en shows the de record");
    let text = page.eval("document.querySelector('.trainer__record').innerText");
    assert!(
        text.as_str().unwrap().contains("2 games played to the end"),
        "{text}"
    );

    // Saved to a file from the German home page.
    page.add_init_script(CAPTURE_BLOBS);
    open_home(&mut page, &site, "de");
    page.eval("document.querySelector('.course-progress__export').click(); true");
    page.wait_for("window.__blobs.length === 1", WAIT);
    let file = page.eval("window.__blobs[0].text()");
    let file = file.as_str().unwrap().to_string();
    let saved: Value = serde_json::from_str(&file).unwrap();
    for (k, v) in want.as_object().unwrap() {
        assert_eq!(&saved["trainer"][k], v, "{k} in the file");
    }
    assert!(page.page_errors().is_empty(), "{:?}", page.page_errors());
    drop(page);
    drop(browser_a);

    // A fresh profile, in English: bad files change nothing.
    let browser_b = browser(test).unwrap();
    let mut page = browser_b.new_page();
    page.add_init_script(ERROR_RECORDER);
    open_home(&mut page, &site, "en");
    let labels = page.eval("fetch('/en/exercises.json').then(r => r.json()).then(j => j.labels)");
    let mut bad_trainer: Value = saved.clone();
    bad_trainer["trainer"]["first"] = json!(2 * m + 1);
    let mut negative: Value = saved.clone();
    negative["trainer"]["games"] = json!(-1);
    for text in [
        file[..file.len() / 2].to_string(),
        bad_trainer.to_string(),
        negative.to_string(),
        json!({"format": "tilebook-progress", "version": 1, "solved": [], "revealed": [], "trainer": []})
            .to_string(),
    ] {
        assert_eq!(import(&mut page, &text), labels["import.bad"], "{text}");
        assert_eq!(
            page.eval("Object.keys(localStorage).filter(k => k.startsWith('tilebook:'))"),
            json!([]),
            "nothing stored: {text}"
        );
    }
    // The saved file: the record comes back, shown on the English trainer.
    let done = import(&mut page, &file);
    assert_ne!(done, labels["import.bad"]);
    assert_eq!(page.eval(STORED_RECORD), want, "restored");
    // Loaded twice, it counts once.
    import(&mut page, &file);
    assert_eq!(page.eval(STORED_RECORD), want, "loaded twice");
    page.navigate(&site.url("/en/charleston/trainer/"));
    page.wait_for("document.querySelector('.trainer__record-list li')", WAIT);
    assert_eq!(page.eval(RECORD), shown, "restored in English");

    // Reset: asked first (focus on Cancel, Escape cancels), then done.
    page.eval("document.querySelector('.trainer__record-reset').click(); true");
    assert_eq!(
        page.eval("document.activeElement.className"),
        json!("trainer__record-no")
    );
    page.press("Escape");
    assert_eq!(
        page.eval("[document.querySelector('.trainer__record-confirm').hidden, document.activeElement.className]"),
        json!([true, "trainer__record-reset"])
    );
    assert_eq!(page.eval(RECORD), shown, "cancelled");
    page.eval("document.querySelector('.trainer__record-reset').click(); document.querySelector('.trainer__record-yes').click(); true");
    assert_eq!(page.eval(RECORD), json!([["empty", "0"]]), "reset");
    assert_eq!(page.eval(STORED_RECORD), Value::Null);
    assert_ne!(
        page.eval("document.querySelector('.trainer__record-status').textContent"),
        json!("")
    );
    assert!(page.page_errors().is_empty(), "{:?}", page.page_errors());
}

/// With storage disabled or full, the record still counts the moves of
/// this visit of the page, and nothing is stored.
#[test]
fn without_storage_the_record_lasts_for_the_visit() {
    let test = "without_storage_the_record_lasts_for_the_visit";
    let Some(browser) = browser(test) else {
        return;
    };
    let site = course();
    let (n, seat) = deal_with_joker(false);
    let full = "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };";
    let path = format!("/en/charleston/trainer/?deal={n}&seat={seat}");
    let mut page = open_with(&browser, &site, &path, full);
    let m = play_to_the_end(&mut page, n, seat);
    let shown = page.eval(RECORD);
    let stat = |name: &str| {
        (shown.as_array().unwrap().iter())
            .find(|r| r[0] == name)
            .map(|r| r[1].clone())
    };
    assert_eq!(stat("games"), Some(json!("1")), "{shown}");
    assert_eq!(stat("first"), Some(json!(format!("{m}/{m}"))), "{shown}");
    assert_eq!(page.eval(STORED_RECORD), Value::Null, "nothing stored");
}
