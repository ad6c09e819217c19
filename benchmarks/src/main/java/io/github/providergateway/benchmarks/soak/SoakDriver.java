package io.github.providergateway.benchmarks.soak;

import io.github.providergateway.benchmarks.launcher.LauncherOptions;
import io.github.providergateway.loop.base.DaemonThreads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Issue 13's soak: the real gateway jar under the launcher's JVM options, normal tool calls all
 * along, and the attacks of {@link SoakAttacks} mixed in, one after another, for {@code --minutes}
 * (10 by default). Loopback only; every attack bounded in count and time. Run it with {@code
 * benchmarks/run-soak.sh}; it is not part of {@code mvn verify}.
 *
 * <p>It passes when, at the end: no call is still pending past its timeout (plus slack for the
 * host's own pause); after the attacks stop and a settling time, full GCs leave RSS within 32 MiB,
 * heap in use within 8 MiB and open descriptors within 16 of the baseline, read the same way after
 * a warm-up round of every attack; the gateway is alive and its stderr holds no {@code
 * OutOfMemoryError}. The report (markdown) goes to stdout and to {@code --out}.
 */
public final class SoakDriver {

  static final String ECHO_PROVIDER = "soak-echo";
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

  /** Beyond the timeout: the host-stops-reading attack holds replies for 8 s on purpose. */
  private static final Duration SLACK = Duration.ofSeconds(15);

  private static final Duration CALL_EVERY = Duration.ofMillis(20);
  private static final Duration SETTLE = Duration.ofSeconds(40);
  private static final long RSS_TOLERANCE_KIB = 32 * 1024;
  private static final long HEAP_TOLERANCE_KIB = 8 * 1024;
  private static final long FD_TOLERANCE = 16;
  private static final List<String> NOTES = new CopyOnWriteArrayList<>();

  private SoakDriver() {}

  static void note(String line) {
    NOTES.add(line);
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    Path jar = Path.of(options.getOrDefault("jar", "reference-app/target/provider-gateway.jar"));
    Duration length =
        Duration.ofSeconds((long) (Double.parseDouble(options.getOrDefault("minutes", "10")) * 60));
    Path out = Path.of(options.getOrDefault("out", "benchmarks/target/soak/report.md"));
    Files.createDirectories(out.getParent());
    Path home = Files.createTempDirectory("soak-home");
    // The soak reads the gateway's heap with jcmd, which the launcher's options forbid (issue 75:
    // no process of the user attaches to the gateway): this one gateway takes attaches.
    List<String> jvm =
        LauncherOptions.read(
                Path.of(options.getOrDefault("jvm-options", LauncherOptions.FILE.toString())))
            .stream()
            .filter(option -> !option.equals("-XX:+DisableAttachMechanism"))
            .toList();
    System.err.println("soak: " + length.toMinutes() + " min, gateway JVM " + jvm);

    try (SoakGateway gateway =
        SoakGateway.start(jar, jvm, home, out.resolveSibling("gateway-stderr.log"))) {
      String session =
          gateway
              .request("{\"cmd\":\"session.start\",\"label\":\"soak\"}")
              .get(10, TimeUnit.SECONDS)
              .get("sessionId")
              .asText();
      try (SoakProvider echo =
          SoakProvider.start(gateway.port(), gateway.token(), session, ECHO_PROVIDER, "echo")) {
        Calls calls = new Calls(gateway, session);
        Thread traffic = calls.startTraffic();
        Thread.sleep(20_000); // warm-up: normal calls only
        gateway.collectGarbage();
        Reading cold = Reading.of(gateway);
        // One round of every attack before the baseline: what a first run costs once (classes
        // loaded, code compiled, thread pools grown) is not retention; what grows after it is.
        Map<String, List<String>> outcomes = new LinkedHashMap<>();
        SoakAttacks attacks = new SoakAttacks(gateway, session);
        Peaks peaks = new Peaks();
        runRound(attacks, gateway, outcomes, peaks, Long.MAX_VALUE);
        Thread.sleep(SETTLE.toMillis());
        gateway.collectGarbage();
        Reading base = Reading.of(gateway);
        long end = System.nanoTime() + length.toNanos();
        while (System.nanoTime() < end && gateway.isAlive()) {
          runRound(attacks, gateway, outcomes, peaks, end);
        }
        Thread.sleep(SETTLE.toMillis()); // deadlines (bind 30 s, reconnect 30 s) run out
        calls.stop(traffic);
        boolean alive = gateway.isAlive();
        Reading last = Reading.NONE;
        if (alive) {
          gateway.collectGarbage();
          Thread.sleep(2_000);
          last = Reading.of(gateway);
        }
        boolean oome = gateway.stderrText().contains("OutOfMemoryError");
        String report =
            report(
                length,
                jvm,
                calls,
                echo.isAnswering(),
                outcomes,
                alive,
                oome,
                cold,
                base,
                last,
                peaks,
                gateway.droppedNotices.get());
        Files.writeString(out, report);
        System.out.println(report);
        boolean passed = calls.pendingPastTimeout() == 0 && alive && !oome && last.isBackTo(base);
        System.exit(passed ? 0 : 1);
      }
    }
  }

  /** Runs every attack once (until {@code end}), recording outcomes and peaks, 3 s apart. */
  private static void runRound(
      SoakAttacks attacks,
      SoakGateway gateway,
      Map<String, List<String>> outcomes,
      Peaks peaks,
      long end)
      throws Exception {
    for (SoakAttacks.Attack attack : attacks.all()) {
      if (System.nanoTime() >= end || !gateway.isAlive()) {
        return;
      }
      String outcome;
      try {
        outcome = attack.run().attack();
      } catch (Exception e) {
        outcome = "driver: " + e;
      }
      outcomes.computeIfAbsent(attack.name(), k -> new ArrayList<>()).add(outcome);
      if (gateway.isAlive()) {
        peaks.rssKib = Math.max(peaks.rssKib, gateway.rssKib());
        peaks.fds = Math.max(peaks.fds, gateway.descriptors());
      }
      Thread.sleep(3_000);
    }
  }

  /** The highest RSS and descriptor count seen after any attack. */
  static final class Peaks {
    long rssKib;
    long fds;
  }

  /** RSS, heap in use and open descriptors, read after full GCs. */
  record Reading(long rssKib, long heapUsedKib, long fds) {
    static final Reading NONE = new Reading(-1, -1, -1);

    static Reading of(SoakGateway gateway) throws Exception {
      return new Reading(gateway.rssKib(), gateway.heapUsedKib(), gateway.descriptors());
    }

    boolean isBackTo(Reading base) {
      return rssBackTo(base) && heapBackTo(base) && fdsBackTo(base);
    }

    boolean rssBackTo(Reading base) {
      return rssKib >= 0 && rssKib <= base.rssKib + RSS_TOLERANCE_KIB;
    }

    boolean heapBackTo(Reading base) {
      return heapUsedKib >= 0 && heapUsedKib <= base.heapUsedKib + HEAP_TOLERANCE_KIB;
    }

    boolean fdsBackTo(Reading base) {
      return fds >= 0 && fds <= base.fds + FD_TOLERANCE;
    }
  }

  /** The normal traffic: an {@code echo} call every 20 ms, each outcome recorded. */
  static final class Calls {
    private final SoakGateway gateway;
    private final String session;
    private final Map<Long, Long> pending = new ConcurrentHashMap<>();
    private final Map<String, Long> outcomes = new ConcurrentHashMap<>();
    private final List<Long> latenciesMicros = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;
    private long serial;

    Calls(SoakGateway gateway, String session) {
      this.gateway = gateway;
      this.session = session;
    }

    Thread startTraffic() {
      Thread traffic =
          DaemonThreads.start(
              "soak-traffic",
              () -> {
                while (running) {
                  long key = ++serial;
                  long sent = System.nanoTime();
                  pending.put(key, sent);
                  gateway
                      .request(
                          "{\"cmd\":\"tool.call\",\"sessionId\":\""
                              + session
                              + "\",\"tool\":\"echo\",\"args\":{},\"timeoutMs\":"
                              + CALL_TIMEOUT.toMillis()
                              + "}")
                      .whenComplete(
                          (reply, error) -> {
                            pending.remove(key);
                            latenciesMicros.add((System.nanoTime() - sent) / 1_000);
                            String status =
                                error != null
                                    ? "driver error"
                                    : reply.path("ok").asBoolean()
                                        ? reply.path("outcome").path("status").asText()
                                        : reply.path("error").path("code").asText();
                            outcomes.merge(status, 1L, Long::sum);
                          });
                  try {
                    Thread.sleep(CALL_EVERY.toMillis());
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              });
      return traffic;
    }

    void stop(Thread traffic) throws InterruptedException {
      running = false;
      traffic.join();
      Thread.sleep(CALL_TIMEOUT.plus(SLACK).toMillis()); // every call has had its time
    }

    long pendingPastTimeout() {
      long limit = System.nanoTime() - CALL_TIMEOUT.plus(SLACK).toNanos();
      return pending.values().stream().filter(sent -> sent < limit).count();
    }

    long made() {
      return serial;
    }

    Map<String, Long> outcomes() {
      return outcomes;
    }

    long percentileMicros(double p) {
      List<Long> sorted = new ArrayList<>(latenciesMicros);
      sorted.sort(null);
      return sorted.isEmpty()
          ? -1
          : sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
    }
  }

  static String report(
      Duration length,
      List<String> jvm,
      Calls calls,
      boolean echoAlive,
      Map<String, List<String>> attacks,
      boolean alive,
      boolean oome,
      Reading cold,
      Reading base,
      Reading last,
      Peaks peaks,
      long droppedNotices) {
    StringBuilder r = new StringBuilder();
    r.append("# Soak: ")
        .append(length.toMinutes())
        .append(" min, attacks mixed into normal traffic\n\n");
    r.append("Gateway JVM: `").append(String.join(" ", jvm)).append("` (from ./gateway)\n\n");
    r.append(
            "Baseline: read after full GCs once every attack has run one round (what a first run costs\n")
        .append("once is not retention); before that round, with normal calls only: RSS ")
        .append(mib(cold.rssKib()))
        .append(" MiB, heap in use ")
        .append(mib(cold.heapUsedKib()))
        .append(" MiB, ")
        .append(cold.fds())
        .append(" descriptors.\n\n");
    r.append("| verdict | value | pass |\n|---|---|---|\n");
    r.append(
        row(
            "calls pending past timeout + 15 s",
            Long.toString(calls.pendingPastTimeout()),
            calls.pendingPastTimeout() == 0));
    r.append(row("gateway alive at the end", Boolean.toString(alive), alive));
    r.append(row("OutOfMemoryError in stderr", Boolean.toString(oome), !oome));
    r.append(
        row(
            "RSS after GC vs baseline (MiB, within " + RSS_TOLERANCE_KIB / 1024 + ")",
            mib(last.rssKib()) + " vs " + mib(base.rssKib()) + " (peak " + mib(peaks.rssKib) + ")",
            last.rssBackTo(base)));
    r.append(
        row(
            "heap in use after GC vs baseline (MiB, within " + HEAP_TOLERANCE_KIB / 1024 + ")",
            mib(last.heapUsedKib()) + " vs " + mib(base.heapUsedKib()),
            last.heapBackTo(base)));
    r.append(
        row(
            "open descriptors vs baseline (within " + FD_TOLERANCE + ")",
            last.fds() + " vs " + base.fds() + " (peak " + peaks.fds + ")",
            last.fdsBackTo(base)));
    r.append("\nCalls: ")
        .append(calls.made())
        .append(" made; outcomes ")
        .append(calls.outcomes())
        .append("; latency p50 ")
        .append(calls.percentileMicros(0.5))
        .append(" µs, p99 ")
        .append(calls.percentileMicros(0.99))
        .append(" µs; echo provider still answering: ")
        .append(echoAlive)
        .append("; dropped-line notices seen: ")
        .append(droppedNotices)
        .append("\n\n");
    r.append(
        "| attack | runs | what the gateway answered (each distinct answer, with how many runs gave it) |\n|---|---|---|\n");
    attacks.forEach(
        (name, outcomes) ->
            r.append("| ")
                .append(name)
                .append(" | ")
                .append(outcomes.size())
                .append(" | ")
                .append(distinct(outcomes))
                .append(" |\n"));
    NOTES.forEach(note -> r.append("\n- ").append(note));
    return r.append('\n').toString();
  }

  /** "answer (×3) / other answer" in the order first seen. */
  static String distinct(List<String> outcomes) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    outcomes.forEach(outcome -> counts.merge(outcome, 1, Integer::sum));
    StringBuilder text = new StringBuilder();
    counts.forEach(
        (outcome, count) ->
            text.append(text.length() == 0 ? "" : " / ")
                .append(outcome)
                .append(count > 1 ? " (×" + count + ")" : ""));
    return text.toString();
  }

  private static String row(String name, String value, boolean pass) {
    return "| " + name + " | " + value + " | " + (pass ? "yes" : "**NO**") + " |\n";
  }

  private static String mib(long kib) {
    return kib < 0 ? "n/a" : Long.toString(kib / 1024);
  }

  static Map<String, String> options(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --name value, got " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }
}
