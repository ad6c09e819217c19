package io.github.providergateway.app.export;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The audit as syslog: the gateway's loop only offers each decision to a queue of {@value #QUEUE};
 * one sender thread formats it ({@link SyslogMessage}) and sends it, one datagram a record over
 * UDP, or over TCP with octet-counting framing ({@code LENGTH SP MESSAGE}, RFC 6587 §3.4.1).
 *
 * <p>A TCP receiver that is down or goes away is reconnected with backoff ({@link #backoff}: 1 s,
 * doubling, at most 60 s, on the injected scheduler); the record being sent waits and is sent
 * after, while newer ones queue. A full queue drops the decision and counts it, so the gateway is
 * never slowed by its receiver. A TCP receiver that accepts and then stops reading holds the sender
 * in its write (Java's blocking sockets have no write timeout) until the socket's buffers free up
 * or the gateway stops: records then queue and are dropped, counted, as for a receiver that is
 * down.
 */
final class SyslogSender implements AuditExport {

  private static final System.Logger LOG = System.getLogger(SyslogSender.class.getName());

  /** Decisions waiting to be sent, at most. */
  static final int QUEUE = 4096;

  /** How long a TCP connection may take to open. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** The longest wait between two attempts to reconnect. */
  static final Duration MAX_BACKOFF = Duration.ofSeconds(60);

  /** Tells the sender to stop; compared by identity. */
  private static final Pending STOP =
      new Pending(
          Decision.builder(Instant.EPOCH, DecisionKind.OTHER, Decision.Outcome.OK).build(),
          AuditLabels.NONE);

  /** A decision waiting to be sent, with its labels. */
  private record Pending(Decision decision, AuditLabels labels) {}

  private final SyslogSettings settings;
  private final SyslogMessage message;
  private final Scheduler scheduler;
  private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(QUEUE);
  private final ExportCounts counts = new ExportCounts();
  private final Thread sender;

  /** The UDP socket, made on first use. Sender thread only. */
  private DatagramSocket datagrams;

  /** The TCP connection, or null while there is none. Sender thread; closed by {@link #close}. */
  private volatile Socket stream;

  /** Failed connection attempts in a row: how long the next wait is. Sender thread only. */
  private int failures;

  SyslogSender(SyslogSettings settings, SyslogMessage message, Scheduler scheduler) {
    this.settings = settings;
    this.message = message;
    this.scheduler = scheduler;
    this.sender = DaemonThreads.start("audit-syslog", this::sendAll);
  }

  /** The wait after {@code failures} failed attempts in a row: 1 s, 2 s, 4 s, … at most 60 s. */
  static Duration backoff(int failures) {
    if (failures < 1) {
      return Duration.ZERO;
    }
    long seconds = 1L << Math.min(failures - 1, 6);
    return Duration.ofSeconds(seconds).compareTo(MAX_BACKOFF) > 0
        ? MAX_BACKOFF
        : Duration.ofSeconds(seconds);
  }

  @Override
  public void recorded(Decision decision, AuditLabels labels) {
    if (!queue.offer(new Pending(decision, labels))) {
      counts.dropped(1);
    }
  }

  private void sendAll() {
    try {
      while (true) {
        Pending pending = queue.take();
        if (pending == STOP) {
          return;
        }
        byte[] bytes = message.format(pending.decision(), pending.labels());
        switch (settings.protocol()) {
          case UDP -> sendDatagram(bytes);
          case TCP -> sendFramedOrCount(bytes);
        }
      }
    } catch (InterruptedException stopped) {
      Thread.currentThread().interrupt();
    } finally {
      closeSockets();
    }
  }

  private void sendDatagram(byte[] bytes) {
    try {
      if (datagrams == null) {
        datagrams = new DatagramSocket();
      }
      InetAddress address = InetAddress.getByName(settings.host());
      datagrams.send(new DatagramPacket(bytes, bytes.length, address, settings.port()));
      counts.sent(1);
    } catch (IOException e) {
      counts.dropped(1); // UDP promises nothing: a record that did not leave is counted
      warn(e);
    }
  }

  /** As {@link #sendFramed}; a record still unsent when the gateway stops is counted as dropped. */
  private void sendFramedOrCount(byte[] bytes) throws InterruptedException {
    try {
      sendFramed(bytes);
    } catch (InterruptedException stopped) {
      counts.dropped(1);
      throw stopped;
    }
  }

  /** Sends one record over TCP, reconnecting (with backoff) until it is sent or we stop. */
  private void sendFramed(byte[] bytes) throws InterruptedException {
    byte[] length = (bytes.length + " ").getBytes(StandardCharsets.US_ASCII);
    while (true) {
      waitBeforeAttempt();
      try {
        Socket socket = stream;
        if (socket == null) {
          socket = new Socket();
          socket.connect(
              new InetSocketAddress(settings.host(), settings.port()),
              (int) CONNECT_TIMEOUT.toMillis());
          stream = socket;
        }
        OutputStream out = socket.getOutputStream();
        out.write(length);
        out.write(bytes);
        out.flush();
        failures = 0;
        counts.sent(1);
        return;
      } catch (IOException e) {
        failures++;
        warn(e);
        closeStream();
      }
    }
  }

  /** Waits out the backoff on the injected scheduler (a test's manual clock decides when). */
  private void waitBeforeAttempt() throws InterruptedException {
    Duration wait = backoff(failures);
    if (wait.isZero()) {
      return;
    }
    CountDownLatch due = new CountDownLatch(1);
    Scheduler.Cancellable timer = scheduler.schedule(wait, due::countDown);
    try {
      due.await();
    } finally {
      timer.cancel();
    }
  }

  private void warn(IOException e) {
    if (failures <= 1) { // once per outage, not once a record
      LOG.log(
          System.Logger.Level.WARNING,
          "audit: cannot send to {0}: {1} (records are kept while they fit in the queue)",
          destination(),
          e.toString());
    }
  }

  @Override
  public String destination() {
    return settings.destination();
  }

  @Override
  public ExportCounts counts() {
    return counts;
  }

  /**
   * Sends what is queued (for at most 2 s), then stops the sender; what was still queued counts as
   * dropped.
   */
  @Override
  public void close() {
    try {
      if (queue.offer(STOP, 1, TimeUnit.SECONDS)) {
        sender.join(2_000);
      }
      sender.interrupt();
      closeStream(); // a sender stuck in a write gets an exception, and stops
      sender.join(1_000); // so that it has counted the record it held
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    queue.remove(STOP);
    counts.dropped(queue.size());
  }

  private void closeSockets() {
    closeStream();
    if (datagrams != null) {
      datagrams.close();
    }
  }

  private void closeStream() {
    Socket socket = stream;
    stream = null;
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // nothing more will be written to it
      }
    }
  }
}
