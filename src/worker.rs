//! The engine's long jobs off the page's thread: the computer's move and the
//! divergence finder.
//!
//! `public/worker.js` is a module worker that loads this same wasm module
//! (the page hands it the compiled module and the address of the glue), so
//! there is no second build and nothing extra to download. A [`Job`] goes to
//! the worker as JSON; [`worker_job`] runs it there and the [`Reply`] comes
//! back as JSON. The page keeps painting and animating meanwhile.
//!
//! Where no worker can be started (the bare page of the component tests, a
//! browser without module workers) or the worker fails, the job runs on the
//! page's thread after yielding once, with the same result.

use crate::computer::{answer, MoveRequest};
use congklak::{DivergenceReport, Parting, Rules};
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, VecDeque};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A job for the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// The computer's next hole.
    Move(MoveRequest),
    /// The first parting on seeds `first..=last` (quick: the boards before the figures).
    First {
        /// Ruleset A.
        a: Rules,
        /// Ruleset B.
        b: Rules,
        /// First seed.
        first: u64,
        /// Last seed.
        last: u64,
    },
    /// The divergence finder on seeds `first..=last`.
    Diverge {
        /// Ruleset A.
        a: Rules,
        /// Ruleset B.
        b: Rules,
        /// First seed.
        first: u64,
        /// Last seed.
        last: u64,
    },
}

/// The answer to a [`Job`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The computer's hole, or why it has none.
    Move(Result<u8, String>),
    /// The first parting, if any.
    First(Option<Box<Parting>>),
    /// The finder's report.
    Diverge(Box<DivergenceReport>),
}

impl Job {
    /// The order jobs are run in: a player waits for the computer's move;
    /// boards come before figures.
    fn rank(&self) -> u8 {
        match self {
            Job::Move(_) => 0,
            Job::First { .. } => 1,
            Job::Diverge { .. } => 2,
        }
    }
}

/// Runs a job here and now.
pub fn run(job: &Job) -> Reply {
    match job {
        Job::Move(req) => Reply::Move(answer(req)),
        Job::First { a, b, first, last } => {
            Reply::First(congklak::first_parting(a, b, *first, *last).map(Box::new))
        }
        Job::Diverge { a, b, first, last } => {
            Reply::Diverge(Box::new(congklak::diverge(a, b, *first, *last)))
        }
    }
}

/// The worker's entry point: a [`Job`] as JSON in, its [`Reply`] as JSON out.
#[wasm_bindgen]
pub fn worker_job(job: &str) -> String {
    let reply = match serde_json::from_str::<Job>(job) {
        Ok(job) => run(&job),
        Err(e) => Reply::Move(Err(format!("the worker could not read the job: {e}"))),
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

type Callback = Box<dyn FnOnce(Reply)>;

/// A job waiting for its turn: its ticket, the job and who wants the answer.
type Queued = (u32, Job, Callback);

/// The page's end of the worker. Jobs go to the worker one at a time, so a
/// job nobody waits for any more can still be dropped ([`cancel`]) and the
/// computer's move goes ahead of the finder's queue.
struct Client {
    worker: web_sys::Worker,
    /// The job the worker is running.
    busy: Option<Queued>,
    queue: VecDeque<Queued>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

enum Slot {
    Untried,
    Ready(Client),
    /// No worker here: jobs run on the page's thread.
    Absent,
}

thread_local! {
    static SLOT: RefCell<Slot> = const { RefCell::new(Slot::Untried) };
    static NEXT_TICKET: Cell<u32> = const { Cell::new(1) };
    /// Tickets of jobs queued to run on the page's thread.
    static HERE: RefCell<BTreeSet<u32>> = const { RefCell::new(BTreeSet::new()) };
}

/// Whether jobs go to a worker (false before the first job, and where none can start).
pub fn in_worker() -> bool {
    SLOT.with(|s| matches!(&*s.borrow(), Slot::Ready(_)))
}

/// The address of the wasm-bindgen glue module the page loaded (Trunk
/// preloads it with a `modulepreload` link).
fn glue_url() -> Option<String> {
    let link = leptos::prelude::document()
        .query_selector("link[rel=modulepreload][href$='.js']")
        .ok()??;
    link.get_attribute("href")
}

fn start_worker() -> Option<Client> {
    let glue = glue_url()?;
    let opts = web_sys::WorkerOptions::new();
    opts.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options("/worker.js", &opts).ok()?;
    let on_message = Closure::<dyn FnMut(_)>::new(on_message);
    let on_error = Closure::<dyn FnMut(_)>::new(|e: web_sys::Event| {
        e.prevent_default();
        fail_over();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let hello = js_sys::Object::new();
    js_sys::Reflect::set(&hello, &"glue".into(), &glue.into()).ok()?;
    js_sys::Reflect::set(&hello, &"module".into(), &wasm_bindgen::module()).ok()?;
    worker.post_message(&hello).ok()?;
    Some(Client {
        worker,
        busy: None,
        queue: VecDeque::new(),
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// Sends the next queued job if the worker is idle.
fn pump() {
    let failed = SLOT.with(|s| {
        let mut slot = s.borrow_mut();
        let Slot::Ready(c) = &mut *slot else {
            return false;
        };
        if c.busy.is_some() {
            return false;
        }
        let Some((id, job, callback)) = c.queue.pop_front() else {
            return false;
        };
        let text = serde_json::to_string(&job).unwrap_or_default();
        let msg = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&msg, &"id".into(), &id.into());
        let _ = js_sys::Reflect::set(&msg, &"job".into(), &text.into());
        let sent = c.worker.post_message(&msg).is_ok();
        c.busy = Some((id, job, callback));
        !sent
    });
    if failed {
        fail_over();
    }
}

fn on_message(e: web_sys::MessageEvent) {
    let data = e.data();
    let reply = js_sys::Reflect::get(&data, &"reply".into())
        .ok()
        .and_then(|v| v.as_string())
        .and_then(|s| serde_json::from_str::<Reply>(&s).ok());
    let done = SLOT.with(|s| match &mut *s.borrow_mut() {
        Slot::Ready(c) => c.busy.take(),
        _ => None,
    });
    if let Some((id, job, callback)) = done {
        match reply {
            Some(reply) => callback(reply),
            // The worker could not run it (it says why in `error`): run it here.
            None => run_here(id, job, callback),
        }
    }
    pump();
}

/// The worker failed: stop it and run what it owed on the page's thread.
fn fail_over() {
    let owed = SLOT.with(|s| {
        let old = std::mem::replace(&mut *s.borrow_mut(), Slot::Absent);
        match old {
            Slot::Ready(c) => {
                c.worker.terminate();
                c.busy.into_iter().chain(c.queue).collect::<Vec<_>>()
            }
            _ => Vec::new(),
        }
    });
    for (id, job, callback) in owed {
        run_here(id, job, callback);
    }
}

fn run_here(id: u32, job: Job, callback: Callback) {
    HERE.with(|h| h.borrow_mut().insert(id));
    // Yield first so the page paints before the engine takes the thread.
    leptos::prelude::set_timeout(
        move || {
            if HERE.with(|h| h.borrow_mut().remove(&id)) {
                callback(run(&job));
            }
        },
        std::time::Duration::from_millis(20),
    );
}

/// Runs `job` in the worker (started on first use) or, without one, on the
/// page's thread; `reply` gets the answer. Returns a ticket for [`cancel`].
pub fn submit(job: Job, reply: impl FnOnce(Reply) + 'static) -> u32 {
    let id = NEXT_TICKET.with(|n| n.replace(n.get() + 1));
    let callback: Callback = Box::new(reply);
    let rest = SLOT.with(|s| {
        let mut slot = s.borrow_mut();
        if matches!(&*slot, Slot::Untried) {
            *slot = match start_worker() {
                Some(c) => Slot::Ready(c),
                None => Slot::Absent,
            };
        }
        match &mut *slot {
            Slot::Ready(c) => {
                // Behind the jobs of the same or a more urgent rank.
                let at = c
                    .queue
                    .iter()
                    .position(|(_, j, _)| j.rank() > job.rank())
                    .unwrap_or(c.queue.len());
                c.queue.insert(at, (id, job, callback));
                None
            }
            _ => Some((id, job, callback)),
        }
    });
    match rest {
        Some((id, job, callback)) => run_here(id, job, callback),
        None => pump(),
    }
    id
}

/// Drops a job that has not started yet (its answer is no longer wanted).
pub fn cancel(ticket: u32) {
    HERE.with(|h| h.borrow_mut().remove(&ticket));
    SLOT.with(|s| {
        if let Slot::Ready(c) = &mut *s.borrow_mut() {
            c.queue.retain(|(id, _, _)| *id != ticket);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{install_packs, packs, PlayState};
    use congklak::{PackSet, Player};

    #[test]
    fn jobs_and_replies_cross_as_json_with_the_same_answers() {
        install_packs(PackSet::builtin());
        let pack = packs().get("umum").unwrap();
        let mut s = PlayState::new(pack, 7, None, 11);
        s.play(congklak::Move::Hole(3)).unwrap();
        let job = Job::Move(MoveRequest::new(&s, Player::B, "greedy"));
        let reply: Reply =
            serde_json::from_str(&worker_job(&serde_json::to_string(&job).unwrap())).unwrap();
        assert_eq!(reply, run(&job));
        let Reply::Move(Ok(k)) = reply else {
            panic!("{reply:?}")
        };
        assert!(s.position().legal_holes(&s.rules, Player::B).contains(&k));

        let other = pack.rules.with_clause("relay", "never").unwrap();
        let job = Job::Diverge {
            a: pack.rules.clone(),
            b: other.clone(),
            first: 1,
            last: 20,
        };
        let reply: Reply =
            serde_json::from_str(&worker_job(&serde_json::to_string(&job).unwrap())).unwrap();
        let Reply::Diverge(report) = reply else {
            panic!()
        };
        let direct = congklak::diverge(&pack.rules, &other, 1, 20);
        assert_eq!(report.first, direct.first);
        assert_eq!(report.stats.parted, direct.stats.parted);
        assert_eq!(report.stats.results, direct.stats.results);

        let bad = worker_job("{\"Move\": 3}");
        assert!(bad.contains("could not read the job"), "{bad}");
    }
}
