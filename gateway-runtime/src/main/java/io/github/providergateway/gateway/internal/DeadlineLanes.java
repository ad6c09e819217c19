package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Deadlines that are nearly always cancelled before they fall due (a call's timeout, a gate's 5 s,
 * a transform's 2 s), kept without a scheduler operation each. Deadlines of one length fall due in
 * the order they were set, so each length is a lane: a list in deadline order, and one timer for
 * its head. Setting a deadline appends to its lane; cancelling unlinks it. A timer whose head was
 * cancelled fires early for nothing and is set again for the new head; an emptied lane cancels its
 * timer and is let go, so no timer outlives the work it guards and only lengths in use are held. So
 * while calls overlap, the scheduler (a lock and a sorted set) sees about one operation per
 * deadline length and timeout period instead of two per call.
 *
 * <p>Tasks fall due exactly at their deadline on the injected clock, in deadline order within a
 * lane, as the scheduler would run them. Loop only, like the state it guards.
 */
final class DeadlineLanes {

  private final Timers timers;

  /** The lanes by deadline length. Loop only. */
  private final Map<Duration, Lane> lanes = new HashMap<>();

  DeadlineLanes(Timers timers) {
    this.timers = timers;
  }

  /** Runs {@code task} on the loop after {@code delay}, unless cancelled first. Loop only. */
  Scheduler.Cancellable after(Duration delay, Runnable task) {
    Lane lane = lanes.computeIfAbsent(delay, Lane::new);
    Node node = new Node(lane, timers.now().plus(delay), task);
    lane.append(node);
    return node;
  }

  /** How many deadline lengths have a lane now: those with a deadline waiting. Loop only. */
  int lengthsHeld() {
    return lanes.size();
  }

  /** One deadline; cancelling it unlinks it from its lane. */
  private static final class Node implements Scheduler.Cancellable {
    final Lane lane;
    final Instant due;
    final Runnable task;
    Node previous;
    Node next;

    /** Whether it is still in its lane (neither run nor cancelled). */
    boolean linked;

    Node(Lane lane, Instant due, Runnable task) {
      this.lane = lane;
      this.due = due;
      this.task = task;
    }

    @Override
    public void cancel() {
      lane.unlink(this);
    }
  }

  /** The deadlines of one length, in deadline order, and the timer set for the head's. */
  private final class Lane {
    final Duration length;
    Node head;
    Node tail;

    /** The timer for the head's deadline or an earlier one; null when none is set. */
    Scheduler.Cancellable timer;

    Lane(Duration length) {
      this.length = length;
    }

    void append(Node node) {
      node.linked = true;
      node.previous = tail;
      if (tail == null) {
        head = node;
      } else {
        tail.next = node;
      }
      tail = node;
      if (timer == null) {
        arm(node.due);
      }
    }

    void unlink(Node node) {
      if (!node.linked) {
        return; // ran, or cancelled already
      }
      node.linked = false;
      if (node.previous == null) {
        head = node.next;
      } else {
        node.previous.next = node.next;
      }
      if (node.next == null) {
        tail = node.previous;
      } else {
        node.next.previous = node.previous;
      }
      node.previous = null;
      node.next = null;
      if (head == null) {
        if (timer != null) {
          timer.cancel(); // nothing left to wait for: no timer stays set for nothing
          timer = null;
        }
        lanes.remove(length, this); // the next deadline of this length starts a new lane
      }
    }

    private void arm(Instant due) {
      Duration delay = Duration.between(timers.now(), due);
      timer = timers.after(delay.isNegative() ? Duration.ZERO : delay, this::fire);
    }

    /** The timer fired: runs what is due, then sets the timer for the next deadline. */
    private void fire() {
      timer = null;
      Instant now = timers.now();
      while (head != null && !head.due.isAfter(now)) {
        Node due = head;
        unlink(due);
        due.task.run(); // may set or cancel deadlines of this lane
      }
      if (head != null && timer == null) {
        arm(head.due);
      }
    }
  }
}
