//! The worker's side: a job run here and now, in the worker bundle
//! (`src/worker_main.rs`) and natively in the pre-renderer.
use crate::jobs::protocol::{decode_job, encode_reply, Job, Reply};
use crate::jobs::search::{answer, mark};

/// Runs a job here and now: in the worker, and natively in the
/// pre-renderer. (A page's bundle never links it; see the module's text.)
pub fn run(job: &Job) -> Reply {
    match job {
        Job::Move(req) => Reply::Move(answer(req)),
        Job::Mark(req) => Reply::Mark(mark(req)),
        Job::First { a, b, first, last } => {
            Reply::First(congklak::first_parting(a, b, *first, *last).map(Box::new))
        }
        Job::Diverge { a, b, first, last } => {
            Reply::Diverge(Box::new(congklak::diverge(a, b, *first, *last)))
        }
    }
}

/// What the worker bundle answers: a job's text in, its reply's text out.
pub fn answer_text(job: &str) -> String {
    match decode_job(job) {
        Ok(job) => encode_reply(&run(&job)),
        Err(e) => crate::jobs::protocol::unreadable_job(&e),
    }
}
