package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.ZipFile;

/**
 * The load driver of issue 9: runs every load figure {@code --runs} times (default 3) and writes
 * {@code results.json} and {@code results.md} (median, min–max, goal) to its work folder.
 *
 * <pre>
 *   mvn -B -q package -DskipTests
 *   java -cp benchmarks/target/benchmarks.jar io.github.providergateway.benchmarks.LoadDriver
 * </pre>
 *
 * <p>Options ({@code --name value}): {@code --runs 3}; {@code --only
 * ws,process,startup,local,registration,wakeup}; {@code --work benchmarks/target/load}; {@code --app-jar
 * reference-app/target/provider-gateway.jar}; {@code --gateway-jvm "<flags>"} (the separate
 * gateway process's JVM flags, default {@link #launcherFlags}); {@code --seconds 10}; {@code
 * --warmup-seconds 2}; {@code --calls 20000}; {@code --warmup-calls 2000}; {@code --quiet-wait 120} and {@code
 * --quiet-percent 10} (before each measurement, wait up to that many seconds for the rest of the
 * machine to use under that share of its CPU); {@code --profile true} (record each separate
 * gateway process with JFR into {@code <work>/jfr/}; summarize with {@code benchmarks/jfr-top.sh}). See
 * docs/performance.md for what each figure means.
 */
public final class LoadDriver {

  private static final String MAIN_CLASS = "io.github.providergateway.app.Main";
  private static final String APP_MAIN_ENTRY = "io/github/providergateway/app/Main.class";

  private final Map<String, String> options;
  private final int runs;
  private final Set<String> only;
  private final Path work;
  private final Path nodeDir;
  private final List<String> gatewayJvm;
  /** Measured values by figure id, one per run. */
  private final Map<String, List<Double>> values = new LinkedHashMap<>();
  /** The run under way, from 1. */
  private int run;
  /** Notes by figure id: why a figure was skipped. */
  private final Map<String, String> notes = new LinkedHashMap<>();

  private LoadDriver(Map<String, String> options) throws IOException {
    this.options = options;
    this.runs = Integer.parseInt(options.getOrDefault("runs", "3"));
    this.only =
        Set.of(options.getOrDefault("only", "ws,process,startup,local,registration,wakeup").split(","));
    Path defaultWork =
        Files.isDirectory(Path.of("benchmarks")) ? Path.of("benchmarks/target/load") : Path.of("target/load");
    this.work = Path.of(options.getOrDefault("work", defaultWork.toString())).toAbsolutePath();
    this.nodeDir = work.resolve("node");
    this.gatewayJvm =
        options.containsKey("gateway-jvm")
            ? splitFlags(options.get("gateway-jvm"))
            : launcherFlags(LauncherOptions.FILE);
  }

  /**
   * The {@code ./gateway} launcher's JVM options (docs/performance.md recommends them) but for the
   * logging ones, which only route JVM warnings.
   */
  static List<String> launcherFlags(Path file) throws IOException {
    return LauncherOptions.read(file).stream().filter(flag -> !flag.startsWith("-Xlog:")).toList();
  }

  public static void main(String[] args) throws Exception {
    quietLogging();
    LoadDriver driver = new LoadDriver(options(args, 0));
    driver.run();
  }

  /** {@code --name value} pairs from {@code args[from]} on. */
  static Map<String, String> options(String[] args, int from) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = from; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --name value pairs, got " + Arrays.toString(args));
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }

  static List<String> splitFlags(String flags) {
    List<String> list = new ArrayList<>();
    for (String flag : flags.trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        list.add(flag);
      }
    }
    return list;
  }

  private void run() throws Exception {
    Files.createDirectories(work);
    Map<String, String> machine = Machine.describe();
    machine.put("gatewayProcessJvmFlags", String.join(" ", gatewayJvm));
    log("machine: " + machine);
    if (only.contains("ws") || only.contains("process")) {
      NodeProviders.install(nodeDir);
    }
    for (run = 1; run <= runs; run++) {
      log("---- run " + run + " of " + runs);
      if (only.contains("ws")) {
        embedded();
      }
      if (only.contains("process")) {
        separateProcess();
      }
      if (only.contains("startup")) {
        quiet();
        startup(run == 1);
      }
      if (only.contains("local")) {
        quiet();
        local();
      }
      if (only.contains("registration")) {
        quiet();
        registration();
      }
      if (only.contains("wakeup")) {
        quiet();
        wakeups();
      }
    }
    List<Figure> figures = figures();
    String table = Report.markdown(figures, runs);
    machine.put("finished", Instant.now().toString());
    Files.writeString(work.resolve("results.json"), Report.json(figures, machine) + "\n", StandardCharsets.UTF_8);
    Files.writeString(work.resolve("results.md"), table, StandardCharsets.UTF_8);
    System.out.println(table);
    log("wrote " + work.resolve("results.json") + " and results.md");
  }

  // ---- the measurements ----

  private WsScenario.Config wsConfig(WsScenario.Kind kind, int k) {
    return new WsScenario.Config(
        kind,
        k,
        nodeDir,
        Integer.parseInt(options.getOrDefault("warmup-calls", "2000")),
        Integer.parseInt(options.getOrDefault("calls", "20000")),
        64,
        Duration.ofSeconds(Long.parseLong(options.getOrDefault("warmup-seconds", "2"))),
        Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "10"))));
  }

  /** The WebSocket loads, each run embedded and in a process of its own: id, kind, K. */
  private record Load(String id, WsScenario.Kind kind, int k, String processArg) {}

  private static final List<Load> LOADS =
      List.of(
          new Load("sequential", WsScenario.Kind.SEQUENTIAL, 1, "sequential"),
          new Load("async", WsScenario.Kind.SEQUENTIAL_ASYNC, 1, "sequential-async"),
          new Load("inflight.k1", WsScenario.Kind.IN_FLIGHT, 1, "inflight"),
          new Load("inflight.k10", WsScenario.Kind.IN_FLIGHT, 10, "inflight"));

  private void embedded() throws Exception {
    for (Load load : LOADS) {
      JsonNode result =
          undisturbed("embedded " + load.id(), () -> WsScenario.run(wsConfig(load.kind(), load.k())), r -> r);
      record("ws." + load.id(), result);
      log("embedded " + load.id() + ": " + result);
    }
  }

  private void separateProcess() throws Exception {
    for (Load load : LOADS) {
      ProcessRun run =
          undisturbed("own process " + load.id(), () -> wsProcess(load.processArg(), load.k()), ProcessRun::result);
      record("process." + load.id(), run.result());
      add("process." + load.id() + ".rss", run.peakRssKib() / 1024.0);
    }
  }

  /** A measurement that may throw. */
  private interface Measurement<T> {
    T run() throws Exception;
  }

  /**
   * Runs {@code measurement} after waiting for quiet, and again (at most 3 times in all) while
   * other processes took more than {@code --quiet-percent} of the machine during it: on a shared
   * machine a build starting mid-run is common. The last attempt counts whatever it shows; its
   * others' CPU figure says so.
   */
  private <T> T undisturbed(String what, Measurement<T> measurement, java.util.function.Function<T, JsonNode> result)
      throws Exception {
    double limit = Double.parseDouble(options.getOrDefault("quiet-percent", "10"));
    for (int attempt = 1; ; attempt++) {
      quiet();
      T value = measurement.run();
      double others = result.apply(value).path("othersCpuPercent").asDouble();
      if (others <= limit || attempt == 3) {
        return value;
      }
      log(what + ": other processes used " + String.format("%.0f", others) + " % of the machine; measuring again");
    }
  }

  /** Files a load's figures under {@code prefix}: latency if sequential, throughput, CPU. */
  private void record(String prefix, JsonNode result) {
    if (result.has("p50Micros")) {
      add(prefix + ".p50", result.get("p50Micros").asDouble());
      add(prefix + ".p99", result.get("p99Micros").asDouble());
    }
    add(prefix + ".cps", result.get("callsPerSecond").asDouble() / 1e3);
    add(prefix + ".cpu", result.get("gatewayCpuMicrosPerCall").asDouble());
    add(prefix + ".switches", result.get("gatewaySwitchesPerCall").asDouble());
    add(prefix + ".providersCpu", result.get("providersCpuMicrosPerCall").asDouble());
    add(prefix + ".others", result.get("othersCpuPercent").asDouble());
  }

  /**
   * Waits for the machine to be quiet before a measurement ({@code --quiet-percent}, default 10 %
   * of all cores; {@code --quiet-wait}, default 120 s; 0 to skip).
   */
  private void quiet() throws InterruptedException {
    long seconds = Long.parseLong(options.getOrDefault("quiet-wait", "120"));
    if (seconds <= 0) {
      return;
    }
    double percent = Double.parseDouble(options.getOrDefault("quiet-percent", "10"));
    if (!Machine.awaitQuiet(percent, Duration.ofSeconds(seconds))) {
      log("the machine stayed busy for " + seconds + " s; measuring anyway (see the others' CPU figures)");
    }
  }

  private record ProcessRun(JsonNode result, long peakRssKib) {}

  private ProcessRun wsProcess(String kind, int k) throws Exception {
    List<String> jvm = new ArrayList<>(gatewayJvm);
    if (Boolean.parseBoolean(options.getOrDefault("profile", "false"))) {
      Path recording = work.resolve("jfr").resolve(kind + "-k" + k + "-run" + run + ".jfr");
      Files.createDirectories(recording.getParent());
      jvm.add("-XX:StartFlightRecording=filename=" + recording + ",settings=" + profileSettings());
    }
    List<String> command = java(jvm, GatewayProcess.class.getName(), "ws", kind, Integer.toString(k), nodeDir.toString());
    for (String key : List.of("warmup-calls", "calls", "warmup-seconds", "seconds")) {
      if (options.containsKey(key)) {
        command.add("--" + key);
        command.add(options.get(key));
      }
    }
    try (ChildJvm child = ChildJvm.start(command, work.resolve("gateway-process.log"))) {
      JsonNode result = child.awaitEvent("result", Duration.ofMinutes(3));
      child.awaitEvent("done", Duration.ofSeconds(30));
      long rss = ProcStatus.peakRssKib(child.pid());
      log("separate process " + kind + " K=" + k + ": " + result + ", VmHWM " + rss + " KiB");
      return new ProcessRun(result, rss);
    }
  }

  /**
   * JFR's own "profile" settings with CPU samples every millisecond (Java) and 5 ms (native)
   * instead of 10 and 20, written once to the work folder: a 10 s load then gives thousands of
   * samples rather than a few hundred.
   */
  private Path profileSettings() throws IOException {
    Path settings = work.resolve("jfr").resolve("profile-1ms.jfc");
    if (!Files.exists(settings)) {
      String profile =
          Files.readString(Path.of(System.getProperty("java.home"), "lib", "jfr", "profile.jfc"));
      profile =
          profile
              .replace("control=\"method-sampling-java-interval\">10 ms<", "control=\"method-sampling-java-interval\">1 ms<")
              .replace("control=\"method-sampling-native-interval\">20 ms<", "control=\"method-sampling-native-interval\">5 ms<");
      Files.writeString(settings, profile);
    }
    return settings;
  }

  private void startup(boolean firstRun) throws Exception {
    Path gatewayArchive = work.resolve("gateway-cds.jsa");
    List<String> ownCommand = List.of(GatewayProcess.class.getName(), "startup", "--home");
    if (firstRun) {
      // A training run writes the class-data archive the "with AppCDS" figure then uses.
      Files.deleteIfExists(gatewayArchive);
      startupMillis(withArchive(gatewayJvm, "-XX:ArchiveClassesAtExit=" + gatewayArchive), ownCommand, classpath());
    }
    add("startup.gateway", startupMillis(gatewayJvm, ownCommand, classpath()));
    if (Files.exists(gatewayArchive)) {
      add("startup.gateway.cds", startupMillis(withArchive(gatewayJvm, "-XX:SharedArchiveFile=" + gatewayArchive), ownCommand, classpath()));
    } else {
      notes.put("startup.gateway.cds", "the training run wrote no archive");
    }
    appStartup(firstRun);
  }

  private void appStartup(boolean firstRun) throws Exception {
    Path jar = Path.of(options.getOrDefault("app-jar", "reference-app/target/provider-gateway.jar")).toAbsolutePath();
    String missing = appMissing(jar);
    if (missing != null) {
      notes.put("startup.app", "skipped: " + missing);
      notes.put("startup.app.cds", "skipped: " + missing);
      if (firstRun) {
        log("reference app start-up skipped: " + missing);
      }
      return;
    }
    List<String> appCommand = List.of(MAIN_CLASS, "--rpc", "--port", "0", "--home");
    Path archive = work.resolve("app-cds.jsa");
    try {
      if (firstRun) {
        Files.deleteIfExists(archive);
        startupMillis(withArchive(gatewayJvm, "-XX:ArchiveClassesAtExit=" + archive), appCommand, jar.toString());
      }
      add("startup.app", startupMillis(gatewayJvm, appCommand, jar.toString()));
      if (Files.exists(archive)) {
        add("startup.app.cds", startupMillis(withArchive(gatewayJvm, "-XX:SharedArchiveFile=" + archive), appCommand, jar.toString()));
      }
    } catch (IllegalStateException e) {
      String why = "skipped: the reference app printed no {\"event\":\"gateway.started\"} line (" + e.getMessage() + ")";
      notes.put("startup.app", why);
      notes.put("startup.app.cds", why);
      log(why);
    }
  }

  /** Why the reference app cannot be measured, or null when its jar has its Main. */
  private static String appMissing(Path jar) throws IOException {
    if (!Files.isRegularFile(jar)) {
      return jar + " is not built (mvn -B -q package -DskipTests)";
    }
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      if (zip.getEntry(APP_MAIN_ENTRY) == null) {
        return jar + " has no " + MAIN_CLASS;
      }
    }
    return null;
  }

  /**
   * Milliseconds from starting {@code main} in a new JVM to its first {@code gateway.started}
   * line. The process gets a fresh home folder, then is ended through its stdin.
   */
  private double startupMillis(List<String> jvm, List<String> mainAndArgs, String classpath) throws Exception {
    Path home = Files.createTempDirectory(work, "home-");
    List<String> command = java(jvm, classpath, mainAndArgs);
    command.add(home.toString());
    try (ChildJvm child = ChildJvm.start(command, work.resolve("startup.log"))) {
      child.awaitEvent("gateway.started", Duration.ofSeconds(20));
      double millis = (System.nanoTime() - child.startedNanos) / 1e6;
      log("start to listening: " + String.format("%.0f", millis) + " ms (" + String.join(" ", jvm) + " " + mainAndArgs.get(0) + ")");
      return millis;
    } finally {
      deleteTree(home);
    }
  }

  private void local() throws Exception {
    List<String> command = new ArrayList<>();
    if (Files.isExecutable(Path.of("/usr/bin/taskset"))) {
      // One core for the whole JVM: the call path, but also the JIT and GC threads.
      command.addAll(List.of("/usr/bin/taskset", "-c", "0"));
    } else {
      notes.put("local.onecore", "taskset not found: measured on one thread, not pinned to one core");
    }
    command.addAll(java(List.of(), GatewayProcess.class.getName(), "local", options.getOrDefault("local-seconds", "5")));
    try (ChildJvm child = ChildJvm.start(command, work.resolve("local.log"))) {
      JsonNode result = child.awaitEvent("result", Duration.ofMinutes(2));
      add("local.onecore", result.get("callsPerSecond").asDouble() / 1e6);
      log("local, one core: " + result);
    }
    double threaded = LocalScenario.threadedCallsPerSecond(64, Duration.ofSeconds(2), Duration.ofSeconds(5));
    add("local.threaded", threaded / 1e3);
    log("local, production threads, 64 in flight: " + threaded);
  }

  /** The machine's thread hand-off cost, busy and after idling (see {@link WakeupProbe}). */
  private void wakeups() throws Exception {
    for (long gapMicros : new long[] {0, 100}) {
      WakeupProbe.Result result = WakeupProbe.measure(gapMicros * 1000, 5_000, 20_000);
      add("wakeup.gap" + gapMicros + ".p50", result.p50Micros());
      add("wakeup.gap" + gapMicros + ".p99", result.p99Micros());
      log("thread round trip after " + gapMicros + " us idle: " + result);
    }
  }

  private void registration() throws Exception {
    RegistrationScenario.Result result = RegistrationScenario.run(50, 100);
    add("registration.settle", result.settleMillis());
    add("registration.cpu", result.cpuMillis());
    log("registration 50 x 100: " + result);
  }

  // ---- figures ----

  private List<Figure> figures() {
    List<Figure> list = new ArrayList<>();
    Consumer<Figure> add = list::add;
    for (String where : List.of("process", "ws")) {
      String how = where.equals("process") ? "own process, launcher flags" : "embedded in the driver's JVM";
      add.accept(figure(where + ".async.p50", "sequential p50, async host, " + how, "µs", 1, Goal.below(67, "< 67 µs (Node p50)")));
      add.accept(figure(where + ".async.p99", "sequential p99, async host, " + how, "µs", 1, Goal.below(149, "< 149 µs (Node p99)")));
      add.accept(figure(where + ".async.cps", "sequential throughput, async host, " + how, "k calls/s", 1, Goal.none("Node: 13.0 k/s")));
      add.accept(figure(where + ".sequential.p50", "sequential p50, blocking host thread, " + how, "µs", 1, Goal.below(67, "< 67 µs (Node p50)")));
      add.accept(figure(where + ".sequential.p99", "sequential p99, blocking host thread, " + how, "µs", 1, Goal.below(149, "< 149 µs (Node p99)")));
      add.accept(figure(where + ".sequential.cps", "sequential throughput, blocking host thread, " + how, "k calls/s", 1, Goal.none("Node: 13.0 k/s")));
      add.accept(figure(where + ".inflight.k1.cps", "64 in flight, 1 provider, " + how, "k calls/s", 1, Goal.atLeast(61.4, "≥ 61.4 k/s (= Node)")));
      add.accept(figure(where + ".inflight.k10.cps", "64 in flight, 10 providers, " + how, "k calls/s", 1, Goal.atLeast(60.45, "≥ 60.5 k/s (1.5 × Node 40.3 k)")));
    }
    add.accept(figure("process.sequential.rss", "peak RSS, sequential run (blocking host), own process", "MiB", 0, Goal.atMost(64, "≤ 64 MiB (Node)")));
    add.accept(figure("process.async.rss", "peak RSS, sequential run (async host), own process", "MiB", 0, Goal.atMost(64, "≤ 64 MiB (Node)")));
    add.accept(figure("process.inflight.k1.rss", "peak RSS, 1 provider, 64 in flight, own process", "MiB", 0, Goal.none("Node: not given")));
    add.accept(figure("process.inflight.k10.rss", "peak RSS, 10 providers, 64 in flight, own process", "MiB", 0, Goal.atMost(111, "≤ 111 MiB (Node)")));
    add.accept(figure("startup.app", "start to listening, reference app --rpc", "ms", 0, Goal.atMost(300, "≤ 300 ms")));
    add.accept(figure("startup.app.cds", "start to listening, reference app --rpc, AppCDS", "ms", 0, Goal.atMost(300, "≤ 300 ms")));
    add.accept(figure("startup.gateway", "start to listening, Gateway + WebSocketServer process", "ms", 0, Goal.atMost(300, "≤ 300 ms")));
    add.accept(figure("startup.gateway.cds", "start to listening, Gateway + WebSocketServer process, AppCDS", "ms", 0, Goal.atMost(300, "≤ 300 ms")));
    add.accept(figure("local.onecore", "local transport, one thread pinned to one core", "M calls/s", 2, Goal.atLeast(1.0, "≥ 1.0 M/s")));
    add.accept(figure("local.threaded", "local transport, loop + provider threads, 64 in flight", "k calls/s", 0, Goal.none("for scale")));
    add.accept(figure("registration.settle", "50 providers × 100 tools: settled after the 200 ms debounce", "ms", 1, Goal.atMost(50, "≤ 50 ms")));
    for (long gap : new long[] {0, 100}) {
      String when = gap == 0 ? "back to back" : "after " + gap + " µs idle";
      add.accept(figure("wakeup.gap" + gap + ".p50", "thread hand-off round trip (2 wake-ups), " + when + ", p50", "µs", 1, Goal.none("machine baseline")));
      add.accept(figure("wakeup.gap" + gap + ".p99", "thread hand-off round trip (2 wake-ups), " + when + ", p99", "µs", 1, Goal.none("machine baseline")));
    }
    add.accept(figure("registration.cpu", "50 × 100 registration work, manual clock, one thread", "ms", 1, Goal.none("for scale")));
    for (String where : List.of("process", "ws")) {
      for (Load load : LOADS) {
        String prefix = where + "." + load.id();
        String what = load.id() + ", " + (where.equals("process") ? "own process" : "embedded");
        add.accept(figure(prefix + ".cpu", "gateway CPU per call: " + what, "µs", 1, Goal.none("explains the above")));
        add.accept(figure(prefix + ".switches", "gateway thread switches per call: " + what, "", 2, Goal.none("explains the above")));
        add.accept(figure(prefix + ".providersCpu", "providers.cjs CPU per call: " + what, "µs", 1, Goal.none("explains the above")));
        add.accept(figure(prefix + ".others", "other processes' CPU meanwhile: " + what, "% of all cores", 1, Goal.none("0 on a quiet machine")));
      }
    }
    list.removeIf(f -> !f.measured() && f.note() == null);
    return list;
  }

  private Figure figure(String id, String label, String unit, int decimals, Goal goal) {
    return new Figure(id, label, unit, decimals, values.getOrDefault(id, List.of()), goal, notes.get(id));
  }

  private void add(String id, double value) {
    values.computeIfAbsent(id, k -> new ArrayList<>()).add(value);
  }

  // ---- processes ----

  private static String classpath() {
    return System.getProperty("java.class.path");
  }

  private static List<String> java(List<String> jvm, String main, String... args) {
    List<String> mainAndArgs = new ArrayList<>();
    mainAndArgs.add(main);
    mainAndArgs.addAll(List.of(args));
    return java(jvm, classpath(), mainAndArgs);
  }

  private static List<String> java(List<String> jvm, String classpath, List<String> mainAndArgs) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvm);
    command.add("-cp");
    command.add(classpath);
    command.addAll(mainAndArgs);
    return command;
  }

  private static List<String> withArchive(List<String> jvm, String archiveFlag) {
    List<String> flags = new ArrayList<>(jvm);
    flags.add(archiveFlag);
    return flags;
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** Grizzly and Tyrus log every listener start at INFO; a run starts dozens. */
  static void quietLogging() {
    java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
  }

  private static void log(String message) {
    System.err.println("[load] " + message);
  }
}
