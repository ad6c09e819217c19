package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.base.DaemonThreads;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One thread with a deep stack, for the regex matches that recurse past their caller's ({@link
 * RegexGuard}). Its stack is {@value #STACK_BYTES} bytes, reserved, not committed: only what a
 * recursion touches is used. Measured in the interpreter, the worst case, a repeated group costs
 * about 300 bytes of stack a character and a level of nesting, so 64 KiB of text under a dozen
 * nested groups fits.
 *
 * <p>The thread is kept while such matches come (a fresh thread pays a page fault for every page of
 * stack it touches: a 64 KiB JSON string walked by {@code (?:[^"\\]|\\.)*} took 17 ms on fresh
 * threads, 10 ms on one that had run it before) and ends after {@value #IDLE_SECONDS} s without
 * one, giving its stack back. One thread serves every gateway of the JVM; callers wait their turn.
 */
final class DeepStack {

  /** The stack of the thread: 256 MiB. */
  static final long STACK_BYTES = 256L << 20;

  /** How long the thread outlives its last match. */
  static final long IDLE_SECONDS = 10;

  /** The one deep stack of this JVM. */
  static final DeepStack SHARED = new DeepStack();

  private final ThreadPoolExecutor thread =
      new ThreadPoolExecutor(
          1,
          1,
          IDLE_SECONDS,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(),
          DaemonThreads.factory("gateway-regex-deep-stack", STACK_BYTES));

  private DeepStack() {
    thread.allowCoreThreadTimeOut(true);
  }

  /**
   * What {@code work} returns, run on the deep stack; the caller waits for it. {@code failed} when
   * the work could not run or threw: the caller's fail-safe answer.
   */
  <T> T run(Supplier<T> work, T failed) {
    Future<T> result;
    try {
      result = thread.submit(work::get);
    } catch (RejectedExecutionException | OutOfMemoryError noThread) {
      // No thread with such a stack could be made ("unable to create native thread" under a
      // ulimit -v or a container's limit): fail safe rather than throw out of the loop.
      return failed;
    }
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return result.get();
        } catch (InterruptedException e) {
          interrupted = true; // the answer is needed all the same; the interrupt is kept
        } catch (ExecutionException e) {
          return failed;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
