package io.github.providergateway.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The reference app's logging: every log line goes to stderr, never stdout, because in RPC mode
 * stdout carries nothing but the JSON protocol (R-RPC-02) and in console mode it is what the person
 * reads.
 *
 * <p>The gateway's own code logs through {@link System.Logger} and Grizzly through {@code
 * java.util.logging}; both end in JUL's root logger, which this configures in code. A logging
 * framework configured from XML (logback, before) took about 220 ms of the app's start-up for this
 * one handler (docs/performance.md).
 */
public final class StderrLogging {

  /** The environment variable that sets the level: {@code WARN} by default. */
  public static final String LEVEL_VARIABLE = "GATEWAY_LOG_LEVEL";

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

  // JUL keeps loggers weakly: the configured root is held here so the level sticks.
  private static Logger root;

  private StderrLogging() {}

  /**
   * Sends JUL's root logger to stderr at the level {@link #LEVEL_VARIABLE} names. Safe to call
   * again (the app's tests start many gateways in one JVM): the last call's level wins.
   */
  /** Waits a little for log lines not yet written to stderr (before the process exits). */
  public static synchronized void flush() {
    if (root != null) {
      for (Handler handler : root.getHandlers()) {
        handler.flush();
      }
    }
  }

  public static synchronized void install(Map<String, String> env) {
    if (root == null) {
      LogManager.getLogManager().reset();
      root = Logger.getLogger("");
      root.addHandler(new CurrentStderrHandler());
    }
    Level level;
    try {
      level = level(env.get(LEVEL_VARIABLE));
    } catch (IllegalArgumentException e) {
      level = Level.WARNING; // Main refuses such a value before any command runs
    }
    root.setLevel(level);
  }

  /**
   * Reads a level in the names people know from SLF4J ({@code TRACE DEBUG INFO WARN ERROR OFF}) or
   * JUL's own ({@code SEVERE WARNING INFO CONFIG FINE FINER FINEST ALL OFF}); unset or blank is
   * {@code WARN}.
   *
   * @throws IllegalArgumentException for any other name, saying which ones there are
   */
  public static Level level(String name) {
    if (name == null || name.isBlank()) {
      return Level.WARNING;
    }
    String upper = name.strip().toUpperCase(Locale.ROOT);
    switch (upper) {
      case "TRACE":
        return Level.FINEST;
      case "DEBUG":
        return Level.FINE;
      case "WARN":
        return Level.WARNING;
      case "ERROR":
        return Level.SEVERE;
      case "SEVERE", "WARNING", "INFO", "CONFIG", "FINE", "FINER", "FINEST", "ALL", "OFF":
        return Level.parse(upper);
      default:
        throw new IllegalArgumentException(
            LEVEL_VARIABLE
                + " must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF (or a"
                + " java.util.logging level name), was '"
                + name
                + "'");
    }
  }

  /**
   * A handler that writes to whatever {@code System.err} is at the time of writing, not the stream
   * it was created with, and lets the root logger's level decide what passes. Lines are written by
   * a thread of their own, so a full stderr pipe never blocks the thread that logs (the gateway
   * loop, most often): beyond {@link #MAX_QUEUED_CHARS} waiting, lines are dropped and a later line
   * says how many.
   */
  private static final class CurrentStderrHandler extends Handler {
    /** Characters of log lines that may wait for stderr: 1 Mi. */
    static final long MAX_QUEUED_CHARS = 1024L * 1024;

    private static final Duration FLUSH_WAIT = Duration.ofSeconds(2);

    private final Formatter formatter = new OneLineFormatter();
    private final LineQueue lines =
        new LineQueue(
            "gateway-log",
            MAX_QUEUED_CHARS,
            new LineQueue.Sink() {
              @Override
              public void write(String text) {
                System.err.print(text); // PrintStream never throws; a closed stderr drops lines
              }

              @Override
              public void flush() {
                System.err.flush();
              }
            },
            (key, count) ->
                count
                    + " log line"
                    + (count == 1 ? " was" : "s were")
                    + " dropped: stderr was not being read"
                    + System.lineSeparator());

    CurrentStderrHandler() {
      setLevel(Level.ALL);
    }

    @Override
    public void publish(LogRecord record) {
      if (isLoggable(record)) {
        lines.offer(formatter.format(record), "");
      }
    }

    /** Waits a little for the lines queued so far: the process may be about to exit. */
    @Override
    public void flush() {
      try {
        lines.drain(FLUSH_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() {
      flush();
    }
  }

  /** {@code 12:03:04.567 WARN o.g.t.c.TyrusSession - message}, then the stack trace if any. */
  static final class OneLineFormatter extends Formatter {
    /**
     * The local time zone, its rules read now: the JDK reads them from {@code lib/tzdb.dat} on
     * first use, and a first log line written while the process is out of file descriptors (the
     * moment a warning is most likely) would fail to, for the rest of the JVM's life.
     */
    private static final ZoneId ZONE = withRulesLoaded(ZoneId.systemDefault());

    private static ZoneId withRulesLoaded(ZoneId zone) {
      zone.getRules();
      return zone;
    }

    @Override
    public String format(LogRecord record) {
      StringBuilder line = new StringBuilder(128);
      line.append(TIME.format(LocalTime.ofInstant(record.getInstant(), ZONE)))
          .append(' ')
          .append(String.format(Locale.ROOT, "%-5s", levelName(record.getLevel())))
          .append(' ')
          .append(abbreviate(record.getLoggerName()))
          .append(" - ")
          .append(formatMessage(record))
          .append(System.lineSeparator());
      Throwable thrown = record.getThrown();
      if (thrown != null) {
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        line.append(trace);
      }
      return line.toString();
    }

    private static String levelName(Level level) {
      int value = level.intValue();
      if (value >= Level.SEVERE.intValue()) {
        return "ERROR";
      }
      if (value >= Level.WARNING.intValue()) {
        return "WARN";
      }
      if (value >= Level.INFO.intValue()) {
        return "INFO";
      }
      return value >= Level.FINE.intValue() ? "DEBUG" : "TRACE";
    }

    /** {@code org.glassfish.tyrus.core.TyrusSession} → {@code o.g.t.c.TyrusSession}. */
    static String abbreviate(String loggerName) {
      if (loggerName == null || loggerName.isEmpty()) {
        return "root";
      }
      String[] parts = loggerName.split("\\.");
      StringBuilder shortName = new StringBuilder(loggerName.length());
      for (int i = 0; i < parts.length - 1; i++) {
        if (!parts[i].isEmpty()) {
          shortName.append(parts[i].charAt(0)).append('.');
        }
      }
      return shortName.append(parts[parts.length - 1]).toString();
    }
  }
}
