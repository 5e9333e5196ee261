//! The parallel hand-off: the chunks of a reader's blocks worked on the
//! threads of a pool and consumed in input order on the calling thread.

use std::collections::{BTreeMap, VecDeque};
use std::io::Read;
use std::ops::Range;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::blocks::{Blocks, Oversized, Truncated};
use super::cut::chunks;
use super::{BLOCK, CHUNK, HELD};
use crate::notation::decode::{Charset, FileBytes};

/// Where a block starts in its file.
#[derive(Copy, Clone, Debug, Default)]
pub struct BlockStart {
    pub lines_before: usize,
    /// Where the block lies in the file's bytes.
    pub bytes: FileBytes,
}

/// What [`for_each_chunk`]'s `on_block` is given of a block: the encoding
/// known once it was read, and the bytes it was decoded from (its own, to
/// keep without a copy).
#[derive(Clone, Debug, Default)]
pub struct BlockInfo {
    /// [`Blocks::used`] after the block.
    pub used: Option<Charset>,
    /// [`Blocks::runner_up`] after the block.
    pub runner_up: Option<Charset>,
    /// [`Blocks::decided`]: where in the block the character that decided
    /// `used` stands, when the block is the first in it.
    pub decided: Option<usize>,
    /// The bytes the block was decoded from ([`Blocks::raw`]; `None`:
    /// the text's own, which a caller that keeps them copies).
    pub raw: Option<Vec<u8>>,
    /// The game larger than the limit that the (empty) block stands for
    /// ([`Blocks::oversized`]): the caller reports it, as a game.
    pub oversized: Option<Oversized>,
    /// The game cut by a reading error that the (empty) block stands for
    /// ([`Blocks::truncated`]): the caller reports it, as a game.
    pub truncated: Option<Truncated>,
}

/// An error of the reader, which ends the blocks of its input: every
/// chunk read before it is consumed first.
#[derive(Debug)]
pub struct ReadError {
    pub error: std::io::Error,
    /// The line ends of the text read before it.
    pub lines: usize,
}

impl From<ReadError> for std::io::Error {
    fn from(e: ReadError) -> std::io::Error {
        e.error
    }
}

/// A block read by one of the threads at work, cut into chunks there too.
struct ReadBlock {
    text: Arc<String>,
    /// Each chunk's range, the line ends in the block before it, and where
    /// the chunk lies in the file (found here, a chunk from the one before:
    /// a single-byte encoding's offsets are counted in characters, and
    /// counting from the block's start for every chunk was quadratic).
    chunks: Vec<(Range<usize>, usize, FileBytes)>,
    /// The line ends in the whole block.
    lines: usize,
    bytes: FileBytes,
    info: BlockInfo,
}

fn read_block<R: Read>(blocks: &mut Blocks<R>) -> Option<std::io::Result<ReadBlock>> {
    let text = match blocks.next()? {
        Ok(text) => text,
        Err(e) => return Some(Err(e)),
    };
    let newlines = |r: Range<usize>| memchr::memchr_iter(b'\n', text.as_bytes().get(r).unwrap_or_default()).count();
    let mut list = Vec::new();
    let (mut lines, mut at, mut bytes) = (0, 0, blocks.last);
    for r in chunks(&text, CHUNK) {
        lines += newlines(at..r.start);
        bytes = bytes.from(text.get(at..).unwrap_or_default(), r.start - at);
        at = r.start;
        list.push((r, lines, bytes));
    }
    lines += newlines(at..text.len());
    let oversized = blocks.oversized.take();
    let truncated = blocks.truncated.take();
    lines += oversized.as_ref().map_or(0, |o| o.lines) + truncated.as_ref().map_or(0, |t| t.lines);
    let info = BlockInfo {
        used: blocks.used,
        runner_up: blocks.runner_up,
        decided: blocks.decided,
        raw: std::mem::take(&mut blocks.raw),
        oversized,
        truncated,
    };
    Some(Ok(ReadBlock { text: Arc::new(text), chunks: list, lines, bytes: blocks.last, info }))
}

/// A chunk not started yet.
struct Job {
    /// Its block.
    text: Arc<String>,
    /// Where it lies in the block.
    range: Range<usize>,
    /// The line ends in the file before it.
    lines: usize,
    /// Where it lies in the file.
    bytes: FileBytes,
}

/// A block, as `on_block` is to see it.
struct Started {
    info: BlockInfo,
    text: Arc<String>,
    start: BlockStart,
}

/// What happens when the consuming reaches a chunk: a block starts there,
/// or reading failed there.
enum Mark {
    Block(Box<Started>),
    Failed(ReadError),
}

/// What a thread of [`for_each_chunk`] takes on.
enum Task<R> {
    /// Reading the next block (the reader is the thread's meanwhile).
    Read(Box<Blocks<R>>),
    /// Working chunk `i`.
    Work(usize, Job),
}

/// What the threads of [`for_each_chunk`] share, under one lock: the work
/// waiting, the results waiting, and who waits for what.
struct Shared<R, T> {
    /// The reader, when no thread reads from it (`None` while one does,
    /// and at the end).
    reader: Option<Box<Blocks<R>>>,
    /// Reading reached the end of the input, or failed, or panicked.
    end: bool,
    /// A panic while reading, for the consuming thread to resume.
    read_panic: Option<Box<dyn std::any::Any + Send>>,
    /// Chunks not started yet, in input order, and their bytes.
    queue: VecDeque<Job>,
    waiting: usize,
    /// Chunks made so far (the index of the next one).
    queued: usize,
    /// Chunks started so far (the index of the front of `queue`).
    started: usize,
    /// The next chunk to consume.
    want: usize,
    /// The results of chunks from `want` on, by index.
    done: BTreeMap<usize, std::thread::Result<T>>,
    /// What happens at a chunk, by index: a block starts, or reading failed.
    marks: VecDeque<(usize, Mark)>,
    /// The line ends of the blocks read so far.
    lines_before: usize,
    /// Bytes of the chunks read and not consumed yet (twice a chunk's
    /// length when its block keeps its raw bytes too), and each chunk's
    /// share, in chunk order.
    held: usize,
    weights: VecDeque<usize>,
    /// The consuming is over (done, failed or panicked): the workers stop.
    stop: bool,
    /// Workers waiting for something to do and not yet woken (a count
    /// that can be higher, never lower: a worker woken for nothing
    /// counts itself again when it waits again).
    idle_workers: usize,
    /// Whether the consuming thread waits.
    consumer_waits: bool,
}

impl<R, T> Shared<R, T> {
    /// The next thing to do for any thread, if any: reading when the
    /// chunks waiting to start hold less than a block (the others work
    /// them meanwhile, no thread waits for a block) and the chunks not
    /// consumed less than [`HELD`], else the next chunk while at most
    /// `window` chunks are in work or waiting to be consumed.
    fn task(&mut self, window: usize) -> Option<Task<R>> {
        if !self.end && self.waiting < BLOCK && self.held < HELD {
            if let Some(blocks) = self.reader.take() {
                return Some(Task::Read(blocks));
            }
        }
        if self.started - self.want < window {
            let job = self.queue.pop_front()?;
            self.waiting -= job.range.len();
            self.started += 1;
            return Some(Task::Work(self.started - 1, job));
        }
        None
    }

    /// Queues the chunks of a block read, and its mark.
    fn add(&mut self, b: ReadBlock) {
        let start = BlockStart { lines_before: self.lines_before, bytes: b.bytes };
        let copies = 1 + usize::from(b.info.raw.is_some());
        let started = Started { info: b.info, text: Arc::clone(&b.text), start };
        self.marks.push_back((self.queued, Mark::Block(Box::new(started))));
        for (range, lines, bytes) in b.chunks {
            let weight = range.len() * copies;
            self.held += weight;
            self.weights.push_back(weight);
            self.waiting += range.len();
            let job = Job { text: Arc::clone(&b.text), range, lines: self.lines_before + lines, bytes };
            self.queue.push_back(job);
            self.queued += 1;
        }
        self.lines_before += b.lines;
    }
}

/// The hand-over of [`for_each_chunk`]: threads wait on a condition
/// variable when there is nothing to do, and are woken only when there is
/// (no thread spins, and a result wakes the consumer only when it is the
/// one it waits for).
struct Handoff<R, T> {
    shared: Mutex<Shared<R, T>>,
    /// Where idle workers wait.
    workers: Condvar,
    /// Where the consuming thread waits.
    consumer: Condvar,
}

impl<R: Read, T> Handoff<R, T> {
    fn new(blocks: Blocks<R>) -> Handoff<R, T> {
        let shared = Shared {
            reader: Some(Box::new(blocks)),
            end: false,
            read_panic: None,
            queue: VecDeque::new(),
            waiting: 0,
            queued: 0,
            started: 0,
            want: 0,
            done: BTreeMap::new(),
            marks: VecDeque::new(),
            lines_before: 0,
            held: 0,
            weights: VecDeque::new(),
            stop: false,
            idle_workers: 0,
            consumer_waits: false,
        };
        Handoff { shared: Mutex::new(shared), workers: Condvar::new(), consumer: Condvar::new() }
    }

    /// The shared state (a panic never happens under the lock: no caller's
    /// code runs there).
    fn lock(&self) -> MutexGuard<'_, Shared<R, T>> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads the next block and queues its chunks; wakes whoever waits.
    fn read(&self, mut blocks: Box<Blocks<R>>) {
        let block = catch_unwind(AssertUnwindSafe(|| read_block(&mut blocks)));
        let mut s = self.lock();
        match block {
            Err(panic) => (s.end, s.read_panic) = (true, Some(panic)),
            Ok(None) => s.end = true,
            Ok(Some(Err(e))) => {
                s.end = true;
                let at = s.queued;
                let lines = s.lines_before;
                s.marks.push_back((at, Mark::Failed(ReadError { error: e, lines })));
            }
            Ok(Some(Ok(b))) => {
                s.add(b);
                s.reader = Some(blocks);
            }
        }
        // New chunks: work for every worker.
        let workers = std::mem::take(&mut s.idle_workers) > 0;
        let consumer = s.consumer_waits;
        drop(s);
        if workers {
            self.workers.notify_all();
        }
        if consumer {
            self.consumer.notify_one();
        }
    }

    /// Works chunk `i` and keeps its result (a panic too); wakes the
    /// consuming thread when it waits for this one.
    fn work(&self, i: usize, job: Job, work: &(impl Fn(&str, usize, FileBytes) -> T + Sync)) {
        let chunk = job.text.get(job.range.clone()).unwrap_or_default();
        let result = catch_unwind(AssertUnwindSafe(|| work(chunk, job.lines, job.bytes)));
        drop(job);
        let mut s = self.lock();
        let wake = s.consumer_waits && i == s.want;
        s.done.insert(i, result);
        drop(s);
        if wake {
            self.consumer.notify_one();
        }
    }

    /// Does `task`, the lock released.
    fn run(&self, task: Task<R>, work: &(impl Fn(&str, usize, FileBytes) -> T + Sync)) {
        match task {
            Task::Read(blocks) => self.read(blocks),
            Task::Work(i, job) => self.work(i, job, work),
        }
    }

    /// A worker: reads and works until the consuming is over.
    fn worker(&self, work: &(impl Fn(&str, usize, FileBytes) -> T + Sync), window: usize) {
        let mut s = self.lock();
        loop {
            if s.stop {
                return;
            }
            match s.task(window) {
                Some(task) => {
                    drop(s);
                    self.run(task, work);
                }
                None => {
                    s.idle_workers += 1;
                    s = self.workers.wait(s).unwrap_or_else(PoisonError::into_inner);
                    continue;
                }
            }
            s = self.lock();
        }
    }

    /// The consuming thread: consumes the results in order as they come,
    /// and reads and works like a worker while the next one is not there.
    fn consume<E: From<ReadError>>(
        &self,
        work: &(impl Fn(&str, usize, FileBytes) -> T + Sync),
        window: usize,
        on_block: &mut impl FnMut(BlockInfo, &str, BlockStart) -> Result<(), E>,
        consume: &mut impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut reach = |mark: Mark| match mark {
            Mark::Block(b) => on_block(b.info, &b.text, b.start),
            Mark::Failed(e) => Err(E::from(e)),
        };
        loop {
            let mut s = self.lock();
            if let Some(panic) = s.read_panic.take() {
                drop(s);
                resume_unwind(panic);
            }
            let want = s.want;
            if let Some(result) = s.done.remove(&want) {
                let mut marks = Vec::new();
                while s.marks.front().is_some_and(|(at, _)| *at == want) {
                    marks.extend(s.marks.pop_front().map(|(_, mark)| mark));
                }
                s.held -= s.weights.pop_front().unwrap_or(0);
                s.want += 1;
                // A place in the window: work for one worker.
                let wake = s.idle_workers > 0;
                s.idle_workers = s.idle_workers.saturating_sub(1);
                drop(s);
                if wake {
                    self.workers.notify_one();
                }
                for mark in marks {
                    reach(mark)?;
                }
                match result {
                    Ok(t) => consume(t)?,
                    Err(panic) => resume_unwind(panic),
                }
                continue;
            }
            // Everything read is consumed: the marks left are at the end.
            if s.end && want == s.queued {
                let marks: Vec<Mark> = s.marks.drain(..).map(|(_, mark)| mark).collect();
                drop(s);
                for mark in marks {
                    reach(mark)?;
                }
                return Ok(());
            }
            match s.task(window) {
                Some(task) => {
                    drop(s);
                    self.run(task, work);
                }
                // Chunk `want` is in work on another thread, or the reader
                // is: either wakes this one.
                None => {
                    s.consumer_waits = true;
                    let mut s = self.consumer.wait(s).unwrap_or_else(PoisonError::into_inner);
                    s.consumer_waits = false;
                }
            }
        }
    }
}

/// Stops the workers when the consuming is over, however it ends (an
/// error, a panic resumed): the scope then waits only for the chunks in work.
struct StopOnDrop<'a, R, T>(&'a Handoff<R, T>);

impl<R, T> Drop for StopOnDrop<'_, R, T> {
    fn drop(&mut self) {
        let mut s = self.0.shared.lock().unwrap_or_else(PoisonError::into_inner);
        s.stop = true;
        let wake = std::mem::take(&mut s.idle_workers) > 0;
        drop(s);
        if wake {
            self.0.workers.notify_all();
        }
    }
}

/// Reads `reader` in blocks and runs `work(chunk, lines_before, bytes)`
/// on every chunk of every block in parallel on the threads of `pool`;
/// `on_block` sees each block before its first chunk's result, `consume`
/// gets the results in input order, on the calling thread.
///
/// The calling thread is one of the threads at work: it consumes each
/// result as soon as it is there and, while the next one is not, reads
/// the next block (and cuts it into chunks) or works a chunk, as the other
/// threads (`pool`'s threads but one) do; with one thread, it does
/// everything, with no hand-over. Threads wait on a condition variable,
/// never spinning, and are woken only when there is something for them.
/// The chunks run on from one block into the next (no thread waits at a
/// block's end). At most 4 chunks per thread are in work or waiting to be
/// consumed, and a block is read ahead only when the chunks waiting to
/// start hold less than a block and the chunks not consumed hold less
/// than 16 MB (`HELD`), so memory does not grow with the number of games
/// in a block or file, nor with the size of its games (a block of one
/// large game is read once the blocks before it are consumed).
pub fn for_each_chunk<R: Read + Send, T: Send, E: From<ReadError>>(
    blocks: Blocks<R>,
    pool: &rayon::ThreadPool,
    work: impl Fn(&str, usize, FileBytes) -> T + Sync,
    mut on_block: impl FnMut(BlockInfo, &str, BlockStart) -> Result<(), E>,
    mut consume: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    if pool.current_num_threads() == 1 {
        return one_thread(blocks, work, on_block, consume);
    }
    let threads = pool.current_num_threads().max(1);
    let window = 4 * threads;
    let handoff = Handoff::new(blocks);
    let (handoff, work) = (&handoff, &work);
    pool.in_place_scope(|scope| {
        let _stop = StopOnDrop(handoff);
        for _ in 1..threads {
            scope.spawn(move |_| handoff.worker(work, window));
        }
        handoff.consume(work, window, &mut on_block, &mut consume)
    })
}

/// [`for_each_chunk`] on one thread: every block read, worked and
/// consumed in turn by the calling thread, in the same order (`on_block`
/// before the block's first result, a reading error after every result
/// read before it). No thread is handed work or woken, and a block's
/// memory is freed before the next is read, so the allocator gives the
/// same pages again (with a thread reading ahead, a fresh block's pages
/// were faulted in one by one: two to four times the system time of a
/// single-threaded reader, `--threads 1`).
fn one_thread<R: Read, T, E: From<ReadError>>(
    mut blocks: Blocks<R>,
    work: impl Fn(&str, usize, FileBytes) -> T,
    mut on_block: impl FnMut(BlockInfo, &str, BlockStart) -> Result<(), E>,
    mut consume: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    let mut lines_before = 0;
    while let Some(block) = read_block(&mut blocks) {
        let b = block.map_err(|error| ReadError { error, lines: lines_before })?;
        on_block(b.info, &b.text, BlockStart { lines_before, bytes: b.bytes })?;
        for (r, lines, bytes) in b.chunks {
            consume(work(b.text.get(r).unwrap_or_default(), lines_before + lines, bytes))?;
        }
        lines_before += b.lines;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::FailsAfter;
    use super::*;

    /// Every chunk of every block is worked on once and consumed in input
    /// order, with the line number and file offset of its start; each
    /// block is seen by `on_block` just before its first chunk's result;
    /// a reading error comes after every result read before it.
    #[test]
    fn chunks_come_in_order_across_blocks() {
        // 1.4 MB in blocks of at most 200 KB, each of several chunks.
        let text: String = (0..50_000).map(|i| format!("[Event \"{i}\"]\n\n1. e3-e5 *\n\n")).collect();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("pool");
        for fail in [false, true] {
            let mut events = Vec::new();
            let work = |chunk: &str, lines: usize, bytes: FileBytes| (chunk.to_string(), lines, bytes.start);
            let result = {
                let events = std::cell::RefCell::new(&mut events);
                let on_block = |_: BlockInfo, block: &str, at: BlockStart| -> std::io::Result<()> {
                    events.borrow_mut().push(format!("block {} {} {}", at.lines_before, at.bytes.start, block.len()));
                    Ok(())
                };
                let consume = |(chunk, lines, start): (String, usize, usize)| -> std::io::Result<()> {
                    events.borrow_mut().push(format!("chunk {lines} {start} {}", chunk.len()));
                    events.borrow_mut().push(chunk);
                    Ok(())
                };
                if fail {
                    let blocks = Blocks::new(FailsAfter(text.as_bytes()), None, 200_000);
                    for_each_chunk(blocks, &pool, work, on_block, consume)
                } else {
                    let blocks = Blocks::new(text.as_bytes(), None, 200_000);
                    for_each_chunk(blocks, &pool, work, on_block, consume)
                }
            };
            // The chunks, joined, are the text; each starts at its line and byte.
            let mut whole = String::new();
            // A block is seen when every chunk before it is consumed (its
            // line and byte are those of the text so far), and its first
            // chunk comes next.
            let (mut blocks, mut block_end) = (0, 0);
            for e in &events {
                let numbers =
                    |rest: &str| rest.split(' ').map(|n| n.parse::<usize>().expect("number")).collect::<Vec<_>>();
                if let Some(b) = e.strip_prefix("block ") {
                    let n = numbers(b);
                    assert_eq!((n[0], n[1]), (whole.matches('\n').count(), whole.len()), "{e}");
                    assert_eq!(whole.len(), block_end, "{e}: a block seen before the last one's chunks");
                    block_end = n[1] + n[2];
                    blocks += 1;
                } else if let Some(c) = e.strip_prefix("chunk ") {
                    let n = numbers(c);
                    assert!(whole.len() < block_end, "{e}: a chunk past its block");
                    assert_eq!((n[0], n[1]), (whole.matches('\n').count(), whole.len()), "{e}");
                } else {
                    whole.push_str(e);
                }
            }
            let chunks = events.iter().filter(|e| e.starts_with("chunk ")).count();
            assert!(blocks > 5 && chunks > 2 * blocks, "{blocks} blocks, {chunks} chunks");
            if fail {
                // What was read before the error is all there, in order.
                assert!(result.is_err_and(|e| e.to_string() == "the disk is gone"));
                assert!(text.starts_with(&whole) && !whole.is_empty());
            } else {
                assert!(result.is_ok());
                assert_eq!(whole, text);
            }
        }
    }
}
