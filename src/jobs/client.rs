//! The engine's long jobs off the page's thread: the computer's move, the
//! marks of a finished game's moves, and the divergence finder. A worker
//! keeps the endgame table of the last rules it was asked about between
//! jobs ([`crate::jobs::search::endgame_for`]).
//!
//! `public/worker.js` is a module worker (one per core, at most four) that
//! loads the engine's own bundle, `congklak-worker` (`src/worker_main.rs`,
//! named by the pre-renderer in the page's `<meta name="congklak-worker">`):
//! the search, the solver and the finder are in that bundle and in none of
//! the pages', and it is fetched only when a page first asks for a job. A
//! [`Job`] goes to the worker as text ([`encode_job`], see
//! [`crate::jobs::protocol`]); [`answer_text`] runs it there and the [`Reply`]
//! comes back as text. The page keeps painting and animating meanwhile.
//!
//! A job no worker can answer (none can be started, or it failed) gets
//! [`Reply::Failed`] with the reason. Only a debug build (the component
//! tests' bare page, which has no worker bundle) runs jobs on the page's
//! thread instead; a release page cannot, since it holds no engine search.

pub use crate::jobs::protocol::{
    decode_finder, decode_job, decode_mark, decode_move, decode_reply, encode_job, encode_reply,
    Decoder, Job, Reply, WorkerProblem,
};
#[cfg(any(test, not(target_arch = "wasm32")))]
use crate::jobs::runner::run;
use crate::jobs::search::{ComputerProblem, MoveRequest};
use leptos::prelude::set_timeout;
use std::cell::RefCell;
use std::time::Duration;

/// The id of the `<script>` holding the engine's results the build computed
/// for a page (see [`install_precomputed`]).
pub const RESULTS_ID: &str = "congklak-results";

/// The page's workers (only in the browser).
#[cfg(target_arch = "wasm32")]
mod pool {
    use super::*;
    use std::cell::Cell;
    use std::collections::{BTreeSet, VecDeque};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    type Callback = Box<dyn FnOnce(Reply)>;

    /// A job waiting for its turn: its ticket, the job, the reader of its
    /// reply and who wants the answer.
    type Queued = (u32, Job, Decoder, Callback);

    /// One worker and the job it is running.
    struct Hand {
        worker: web_sys::Worker,
        busy: Option<Queued>,
        _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    /// The page's end of the workers (one per core, at most four). Each worker
    /// gets one job at a time from one queue, so a job nobody waits for any more
    /// can still be dropped ([`cancel`]) and the computer's move goes ahead of
    /// the finder's jobs.
    struct Client {
        hands: Vec<Hand>,
        queue: VecDeque<Queued>,
    }

    enum Slot {
        Untried,
        Ready(Client),
        /// No worker here, and why: jobs get [`Reply::Failed`].
        Absent(WorkerProblem),
    }

    thread_local! {
        static SLOT: RefCell<Slot> = const { RefCell::new(Slot::Untried) };
        static NEXT_TICKET: Cell<u32> = const { Cell::new(1) };
        /// Tickets of jobs given up on, until their answer is sent.
        static HERE: RefCell<BTreeSet<u32>> = const { RefCell::new(BTreeSet::new()) };
    }

    /// The address of the engine worker's glue, which the pre-renderer
    /// writes in every page's `<meta name="congklak-worker">`.
    fn worker_glue() -> Option<String> {
        leptos::prelude::document()
            .query_selector("meta[name=congklak-worker]")
            .ok()??
            .get_attribute("content")
            .filter(|url| url.ends_with(".js"))
    }

    fn start_workers() -> Option<Client> {
        let glue = worker_glue()?;
        let cores = leptos::prelude::window().navigator().hardware_concurrency() as usize;
        let hands = (0..cores.clamp(1, 4))
            .map(|i| start_worker(&glue, i))
            .collect::<Option<Vec<Hand>>>()?;
        Some(Client {
            hands,
            queue: VecDeque::new(),
        })
    }

    fn start_worker(glue: &str, index: usize) -> Option<Hand> {
        let opts = web_sys::WorkerOptions::new();
        opts.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options("/worker.js", &opts).ok()?;
        let on_message =
            Closure::<dyn FnMut(_)>::new(move |e: web_sys::MessageEvent| on_message(index, e));
        let on_error = Closure::<dyn FnMut(_)>::new(|e: web_sys::Event| {
            e.prevent_default();
            fail_over(WorkerProblem::Stopped);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let hello = js_sys::Object::new();
        js_sys::Reflect::set(&hello, &"glue".into(), &glue.into()).ok()?;
        worker.post_message(&hello).ok()?;
        Some(Hand {
            worker,
            busy: None,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Gives each idle worker the next queued job.
    fn pump() {
        let failed = SLOT.with(|s| {
            let mut slot = s.borrow_mut();
            let Slot::Ready(c) = &mut *slot else {
                return false;
            };
            for hand in c.hands.iter_mut().filter(|h| h.busy.is_none()) {
                let Some((id, job, decode, callback)) = c.queue.pop_front() else {
                    break;
                };
                let msg = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&msg, &"id".into(), &id.into());
                let _ = js_sys::Reflect::set(&msg, &"job".into(), &encode_job(&job).into());
                let sent = hand.worker.post_message(&msg).is_ok();
                hand.busy = Some((id, job, decode, callback));
                if !sent {
                    return true;
                }
            }
            false
        });
        if failed {
            fail_over(WorkerProblem::NotSent);
        }
    }

    fn on_message(index: usize, e: web_sys::MessageEvent) {
        let data = e.data();
        let field = |name: &str| {
            js_sys::Reflect::get(&data, &name.into())
                .ok()
                .and_then(|v| v.as_string())
        };
        let done = SLOT.with(|s| match &mut *s.borrow_mut() {
            Slot::Ready(c) => c.hands.get_mut(index).and_then(|h| h.busy.take()),
            _ => None,
        });
        if let Some((id, job, decode, callback)) = done {
            let text = field("reply");
            match text.as_deref().and_then(|t| decode(t, &job)) {
                Some(reply) => callback(reply),
                None => {
                    let why = field("error")
                        .map(WorkerProblem::Threw)
                        .or(text.map(WorkerProblem::Unreadable))
                        .unwrap_or(WorkerProblem::Silent);
                    give_up(id, job, callback, why)
                }
            }
        }
        pump();
    }

    /// A worker failed: stop them all; what they owed gets [`give_up`].
    fn fail_over(why: WorkerProblem) {
        let owed = SLOT.with(|s| {
            let old = std::mem::replace(&mut *s.borrow_mut(), Slot::Absent(why.clone()));
            match old {
                Slot::Ready(c) => {
                    let mut owed = Vec::new();
                    for hand in c.hands {
                        hand.worker.terminate();
                        owed.extend(hand.busy);
                    }
                    owed.extend(c.queue);
                    owed
                }
                _ => Vec::new(),
            }
        });
        for (id, job, _, callback) in owed {
            give_up(id, job, callback, why.clone());
        }
    }

    /// A job no worker will answer: [`Reply::Failed`], a task later (a
    /// debug build runs it on the page's thread instead, as the component
    /// tests' bare page has no worker).
    fn give_up(id: u32, job: Job, callback: Callback, why: WorkerProblem) {
        HERE.with(|h| h.borrow_mut().insert(id));
        leptos::prelude::set_timeout(
            move || {
                if HERE.with(|h| h.borrow_mut().remove(&id)) {
                    #[cfg(debug_assertions)]
                    let reply = {
                        let _ = why;
                        crate::jobs::runner::run(&job)
                    };
                    #[cfg(not(debug_assertions))]
                    let reply = {
                        let _ = job;
                        Reply::Failed(why)
                    };
                    callback(reply);
                }
            },
            // Yield first so the page paints before anything takes the thread.
            std::time::Duration::from_millis(20),
        );
    }

    pub fn submit_to_worker(job: Job, decode: Decoder, reply: impl FnOnce(Reply) + 'static) -> u32 {
        let id = NEXT_TICKET.with(|n| n.replace(n.get() + 1));
        let callback: Callback = Box::new(reply);
        let rest = SLOT.with(|s| {
            let mut slot = s.borrow_mut();
            if matches!(&*slot, Slot::Untried) {
                *slot = match start_workers() {
                    Some(c) => Slot::Ready(c),
                    None => Slot::Absent(WorkerProblem::NotStarted),
                };
            }
            match &mut *slot {
                Slot::Ready(c) => {
                    // Behind the jobs of the same or a more urgent rank.
                    let at = c
                        .queue
                        .iter()
                        .position(|(_, j, _, _)| j.rank() > job.rank())
                        .unwrap_or(c.queue.len());
                    c.queue.insert(at, (id, job, decode, callback));
                    None
                }
                Slot::Absent(why) => Some((id, job, callback, why.clone())),
                Slot::Untried => unreachable!("tried just above"),
            }
        });
        match rest {
            Some((id, job, callback, why)) => give_up(id, job, callback, why),
            None => pump(),
        }
        id
    }

    /// Drops a queued job.
    pub fn cancel(ticket: u32) {
        HERE.with(|h| h.borrow_mut().remove(&ticket));
        SLOT.with(|s| {
            if let Slot::Ready(c) = &mut *s.borrow_mut() {
                c.queue.retain(|(id, _, _, _)| *id != ticket);
            }
        });
    }
}

// --- Results computed at build time ------------------------------------------
//
// A built-in pack's figures never change (seeds 1..1000 give the same games),
// so the build computes them: while the pre-renderer draws a page, every job
// runs natively at once and its reply lands in the page, and is recorded
// ([`take_computed`]); the page carries those replies (see
// `src/bin/prerender.rs`), and the browser installs them before hydrating
// ([`install_precomputed`]), so the same components find the same answers
// without asking a worker. Only what depends on the visitor is computed in
// the browser.

thread_local! {
    /// A job's key → its reply's text, from the page.
    static PRECOMPUTED: RefCell<std::collections::HashMap<String, String>> =
        RefCell::new(std::collections::HashMap::new());
    /// Natively: each job run while rendering, as key and reply text.
    static COMPUTED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// A short key for a job (FNV-1a over its text, in hex).
pub fn job_key(job: &Job) -> String {
    format!("{:016x}", congklak::fnv1a(encode_job(job).bytes()))
}

/// Installs the results a page carries: lines of a job's key, a space and
/// its reply's text.
pub fn install_precomputed(text: &str) {
    PRECOMPUTED.with(|p| {
        let mut p = p.borrow_mut();
        for line in text.lines() {
            if let Some((key, reply)) = line.trim().split_once(' ') {
                p.insert(key.to_string(), reply.to_string());
            }
        }
    });
}

thread_local! {
    /// Pages whose results are installed (or were asked for).
    static FETCHED: RefCell<std::collections::BTreeSet<String>> = const { RefCell::new(std::collections::BTreeSet::new()) };
}

/// Whether the results the build computed for the page at `path` are
/// installed, so that the jobs the page submits are answered from them: at
/// once on the page the visitor opened (its results came with it), and
/// natively; after an in-app move to another page, once that page's HTML
/// has been fetched (the service worker usually has it) and its results
/// read. A page that cannot be fetched leaves its jobs to the workers.
pub fn use_page_results(path: &str) -> leptos::prelude::RwSignal<bool> {
    use leptos::prelude::*;
    let first = FETCHED.with(|f| f.borrow_mut().insert(path.to_string()));
    if !first || crate::platform::hydration::hydrating() || cfg!(not(target_arch = "wasm32")) {
        return RwSignal::new(true);
    }
    let ready = RwSignal::new(false);
    let url = format!("{}/", path.trim_end_matches('/'));
    leptos::task::spawn_local(async move {
        if let Ok(html) = crate::platform::browser::fetch_text(&url).await {
            let open = format!("id=\"{}\">", RESULTS_ID);
            if let Some(at) = html.find(&open) {
                let body = &html[at + open.len()..];
                install_precomputed(&body[..body.find("</script>").unwrap_or(0)]);
            }
        }
        let _ = ready.try_set(true);
    });
    ready
}

/// Runs `send` (which submits a page's jobs) at once if the build's results
/// are installed (always while hydrating: the page was drawn with them),
/// else once they are.
pub fn when_ready(results: leptos::prelude::Signal<bool>, send: impl Fn() + Send + Sync + 'static) {
    use leptos::prelude::*;
    if results.get_untracked() {
        send();
    } else {
        Effect::new(move |_| {
            if results.get() {
                send();
            }
        });
    }
}

/// The jobs run natively since the last call, as lines for
/// [`install_precomputed`] (one line per job, in the order they ran).
pub fn take_computed() -> String {
    COMPUTED.with(|c| {
        c.borrow_mut()
            .drain(..)
            .map(|(k, r)| format!("{k} {}\n", r.replace(['\n', '\r'], " ")))
            .collect()
    })
}

/// Runs `job` in the worker (started on first use); `decode` reads its
/// reply (the reader for the job's kind: [`decode_move`], [`decode_mark`]
/// or [`decode_finder`]) and `reply` gets the answer. Returns a ticket for
/// [`cancel`].
///
/// A job whose result the page carries is answered at once, from it; so is
/// every job natively (the pre-renderer), where the engine runs it there and then.
pub fn submit(job: Job, decode: Decoder, reply: impl FnOnce(Reply) + 'static) -> u32 {
    match answer_at_once(&job, decode) {
        Some(r) => {
            reply(r);
            0
        }
        #[cfg(target_arch = "wasm32")]
        None => pool::submit_to_worker(job, decode, reply),
        #[cfg(not(target_arch = "wasm32"))]
        None => 0,
    }
}

/// Answers `job` as [`submit`] does if that takes no worker (the page
/// carries its result, or natively), and sends nothing otherwise: whether
/// it was answered.
pub fn submit_if_at_once(job: &Job, decode: Decoder, reply: impl FnOnce(Reply)) -> bool {
    answer_at_once(job, decode).map(reply).is_some()
}

/// The answer to `job` that needs no worker: the page's (see
/// [`install_precomputed`]), or natively the engine's, there and then.
fn answer_at_once(job: &Job, decode: Decoder) -> Option<Reply> {
    let key = job_key(job);
    if let Some(r) = PRECOMPUTED
        .with(|p| p.borrow().get(&key).cloned())
        .and_then(|text| decode(&text, job))
    {
        return Some(r);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // Through the text, as in the browser, so both read the same reply.
        let text = run_once(job);
        COMPUTED.with(|c| c.borrow_mut().push((key, text.clone())));
        decode(&text, job)
    }
    #[cfg(target_arch = "wasm32")]
    None
}

/// `job`'s reply as text, natively: run once for the whole process, so
/// the pre-renderer's pages in both languages (drawn on several threads)
/// share one run of each job, a second asker waiting for the first's.
#[cfg(not(target_arch = "wasm32"))]
fn run_once(job: &Job) -> String {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Runs = Mutex<HashMap<String, Arc<OnceLock<String>>>>;
    static RUNS: OnceLock<Runs> = OnceLock::new();
    let run_of = RUNS
        .get_or_init(Runs::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry(encode_job(job))
        .or_default()
        .clone();
    run_of.get_or_init(|| encode_reply(&run(job))).clone()
}

/// Drops a job that has not started yet (its answer is no longer wanted).
pub fn cancel(ticket: u32) {
    #[cfg(target_arch = "wasm32")]
    pool::cancel(ticket);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = ticket;
}

/// Asks the computer after `delay_ms`; `reply` gets the answer once the worker has it.
pub fn ask(
    req: MoveRequest,
    delay_ms: u64,
    reply: impl FnOnce(Result<u8, ComputerProblem>) + 'static,
) {
    set_timeout(
        move || {
            submit(Job::Move(req), decode_move, move |r| match r {
                Reply::Move(answer) => reply(answer.map_err(ComputerProblem::Unanswered)),
                Reply::Failed(_) => reply(Err(ComputerProblem::Unavailable)),
                _ => reply(Err(ComputerProblem::OtherAnswer)),
            });
        },
        Duration::from_millis(delay_ms),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::{install_packs, packs, PlayState};
    use crate::jobs::runner::answer_text;
    use crate::jobs::search::MoveRequest;
    use congklak::PackSet;
    use congklak::{Level, Move, Player};

    /// What the page gets back: the job crosses as text, runs, the reply crosses back.
    fn through_the_wire(job: &Job) -> Reply {
        let job_back = decode_job(&encode_job(job)).unwrap();
        assert_eq!(&job_back, job, "the job crosses unchanged");
        decode_reply(&answer_text(&encode_job(job)), job).unwrap()
    }

    #[test]
    fn jobs_and_replies_cross_as_text_with_the_same_answers() {
        install_packs(PackSet::builtin());
        let pack = packs().get("umum").unwrap();
        let mut s = PlayState::new(pack, 7, None, 11);
        s.record.moves.push(Move::Hole(3));
        s.cursor += 1;
        let job = Job::Move(s.move_request(Player::B, Level::Greedy));
        let reply = through_the_wire(&job);
        assert_eq!(reply, run(&job));
        let Reply::Move(Ok(k)) = reply else {
            panic!("{reply:?}")
        };
        assert!(s.position().legal_holes(&s.rules, Player::B).contains(&k));

        // Every pack against one of its divergences: the report crosses exactly.
        for pack in packs().all() {
            let Some(note) = pack.divergences.iter().find(|d| pack.flipped(d).is_some()) else {
                continue;
            };
            let other = pack.flipped(note).unwrap();
            let last = if pack.rules.rounds == congklak::Rounds::Several {
                3
            } else {
                40
            };
            for job in [
                Job::First {
                    a: pack.rules.clone(),
                    b: other.clone(),
                    first: 1,
                    last,
                },
                Job::Diverge {
                    a: pack.rules.clone(),
                    b: other.clone(),
                    first: 1,
                    last,
                },
            ] {
                assert_eq!(through_the_wire(&job), run(&job), "{} {}", pack.id, note.id);
            }
        }
        // Rules that never part: no first parting.
        let same = Job::First {
            a: pack.rules.clone(),
            b: pack.rules.clone(),
            first: 1,
            last: 5,
        };
        assert_eq!(through_the_wire(&same), Reply::First(None));
        let err = Job::Move(MoveRequest {
            // Past the game's end: the engine says why.
            moves: vec![Move::Hole(1); 400],
            ..s.move_request(Player::B, Level::Hardest)
        });
        assert!(matches!(
            through_the_wire(&err),
            Reply::Move(Err(crate::jobs::search::Unanswered::Refused(_)))
        ));
        // A level the engine does not know cannot cross.
        let text = encode_job(&job).replacen("greedy", "grandmaster", 1);
        assert!(matches!(
            decode_job(&text),
            Err(crate::jobs::protocol::BadJob::Level(e)) if e.name == "grandmaster"
        ));
        assert!(decode_job(&text)
            .unwrap_err()
            .to_string()
            .contains("grandmaster"));
        assert!(answer_text(&text).contains("could not read the job"));

        // A job the worker cannot read is answered for that job: the page
        // refuses the answer (and answers the job with `Reply::Failed`, see `pool`).
        let bad = answer_text("{\"Move\": 3}");
        assert!(bad.contains("could not read the job"), "{bad}");
        assert_eq!(decode_reply(&bad, &same), None);
        // Nor does the page read a failure (made on the page, never sent).
        for why in [
            WorkerProblem::NotStarted,
            WorkerProblem::Stopped,
            WorkerProblem::NotSent,
            WorkerProblem::Threw("TypeError: x".into()),
            WorkerProblem::Unreadable(bad.clone()),
            WorkerProblem::Silent,
        ] {
            let text = encode_reply(&Reply::Failed(why.clone()));
            assert_eq!(text, format!("X {why}"));
            assert_eq!(decode_reply(&text, &same), None);
        }
        assert_eq!(
            WorkerProblem::Stopped.to_string(),
            "the engine's worker stopped with an error"
        );
        // A reply of another kind than the job is refused too.
        assert_eq!(decode_reply("M 3", &same), None);
        assert_eq!(
            decode_reply("D 1 2 3", &same),
            None,
            "a truncated reply is refused"
        );
    }

    #[test]
    fn a_move_to_mark_and_its_mark_cross_as_text() {
        install_packs(PackSet::builtin());
        let pack = packs().get("umum").unwrap();
        let mut s = PlayState::new(pack, 7, None, 3);
        s.rules = s
            .rules
            .edit(|r| {
                r.holes = 4;
                r.seeds_per_hole = 3;
            })
            .unwrap();
        let mut pos = s.position();
        // Three moves in, then one to mark (exactly: 4 holes is small).
        for _ in 0..3 {
            let Some(congklak::ToMove::One(p)) = pos.to_move() else {
                break;
            };
            let k = pos.legal_holes(&s.rules, p)[0];
            pos.play_fast(&s.rules, Move::Hole(k)).unwrap();
            s.record.moves.push(Move::Hole(k));
        }
        let Some(congklak::ToMove::One(p)) = pos.to_move() else {
            panic!("a move is due")
        };
        let hole = *pos.legal_holes(&s.rules, p).last().unwrap();
        let job = Job::Mark(crate::jobs::search::MarkRequest {
            rules: s.rules.clone(),
            moves: s.record.moves.clone(),
            hole,
        });
        let reply = through_the_wire(&job);
        assert_eq!(reply, run(&job));
        let Reply::Mark(Ok(m)) = &reply else {
            panic!("{reply:?}")
        };
        assert!(m.exact && m.player == p && m.played == hole && !m.best.is_empty());
        let text = encode_reply(&reply);
        // A mark cut short, with a word too many, or of another job is refused.
        assert_eq!(decode_reply(&text[..text.len() - 2], &job), None);
        assert_eq!(decode_reply(&format!("{text} 9"), &job), None);
        let other = Job::Move(s.move_request(p, Level::Greedy));
        assert_eq!(decode_reply(&text, &other), None);
        // A hole that is not legal: the engine's reason crosses.
        let bad = Job::Mark(crate::jobs::search::MarkRequest {
            hole: 9,
            ..match job {
                Job::Mark(r) => r,
                _ => unreachable!(),
            }
        });
        assert_eq!(
            through_the_wire(&bad),
            Reply::Mark(Err(crate::jobs::search::Unanswered::NotAChoice(9)))
        );
        assert_eq!(
            decode_job("K x\n\n{}"),
            Err(crate::jobs::protocol::BadJob::NotANumber {
                word: 1,
                head: "K x".into()
            })
        );
    }

    #[test]
    fn results_computed_at_build_answer_the_same_jobs_in_the_page() {
        install_packs(PackSet::builtin());
        let pack = packs().get("umum").unwrap();
        let note = pack
            .divergences
            .iter()
            .find(|d| pack.flipped(d).is_some())
            .unwrap();
        let job = Job::Diverge {
            a: pack.rules.clone(),
            b: pack.flipped(note).unwrap(),
            first: 1,
            last: 30,
        };
        // Natively (the pre-renderer), the job runs at once and is recorded.
        let got = std::rc::Rc::new(RefCell::new(None));
        let _ = take_computed();
        let to = got.clone();
        submit(job.clone(), decode_reply, move |r| {
            *to.borrow_mut() = Some(r)
        });
        let lines = take_computed();
        assert_eq!(lines.lines().count(), 1);
        assert_eq!(got.take(), Some(run(&job)));
        // The page installs the lines and is answered from them, nothing run.
        install_precomputed(&lines);
        let to = got.clone();
        submit(job.clone(), decode_reply, move |r| {
            *to.borrow_mut() = Some(r)
        });
        assert_eq!(take_computed(), "", "answered from the page's results");
        assert_eq!(got.take(), Some(run(&job)));
    }
}
