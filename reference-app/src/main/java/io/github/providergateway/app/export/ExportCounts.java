package io.github.providergateway.app.export;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What an export has sent and dropped so far. Counted by the export's own thread and by the
 * gateway's loop (a full queue), read by the status page's: hence atomics.
 */
final class ExportCounts {

  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();

  void sent(long records) {
    sent.addAndGet(records);
  }

  void dropped(long records) {
    dropped.addAndGet(records);
  }

  /** {@return records handed to the receiver so far} */
  long sent() {
    return sent.get();
  }

  /** {@return records lost so far: a full queue, a receiver that refused or was unreachable} */
  long dropped() {
    return dropped.get();
  }
}
