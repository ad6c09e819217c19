package io.github.providergateway.benchmarks.soak;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.benchmarks.launcher.LauncherOptions;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway under soak: the real shaded jar in a process of its own, started with exactly the JVM
 * options of the repository's {@code ./gateway} launcher ({@link LauncherOptions}), in {@code
 * --rpc} mode (the soak is its host on stdin/stdout). Its stdout can be left unread for a while, as
 * a host that stops reading would.
 */
final class SoakGateway implements AutoCloseable {

  static final ProtocolCodec JSON = ProtocolCodec.create();
  private static final Pattern PAIRING_CODE = Pattern.compile("Pairing code: (\\d{6})");

  private final Process process;
  private final OutputStream stdin;
  private final Path stderr;
  private final Map<Long, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final List<String> pairingCodes = new CopyOnWriteArrayList<>();
  private final CompletableFuture<JsonNode> started = new CompletableFuture<>();
  private final Object readGate = new Object();
  private volatile boolean reading = true;
  final AtomicLong droppedNotices = new AtomicLong();

  private SoakGateway(Process process, Path stderr) {
    this.process = process;
    this.stdin = process.getOutputStream();
    this.stderr = stderr;
    Thread reader = DaemonThreads.start("soak-gateway-stdout", this::readStdout);
  }

  static SoakGateway start(Path jar, List<String> jvmOptions, Path home, Path stderr)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(
        List.of("-jar", jar.toString(), "--rpc", "--port", "0", "--home", home.toString()));
    Process process =
        new ProcessBuilder(command)
            .redirectError(ProcessBuilder.Redirect.to(stderr.toFile()))
            .start();
    SoakGateway gateway = new SoakGateway(process, stderr);
    gateway.started.get(60, TimeUnit.SECONDS);
    return gateway;
  }

  int port() {
    return started.join().get("port").asInt();
  }

  String token() throws IOException {
    return Files.readString(Path.of(started.join().get("tokenFile").asText())).strip();
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  String stderrText() throws IOException {
    return Files.readString(stderr);
  }

  /**
   * Sends {@code command} (a JSON object without {@code id}); the future completes with its reply.
   */
  CompletableFuture<JsonNode> request(String command) {
    long id = ids.incrementAndGet();
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    replies.put(id, reply);
    String line = "{\"id\":" + id + "," + command.strip().substring(1) + "\n";
    synchronized (stdin) {
      try {
        stdin.write(line.getBytes(StandardCharsets.UTF_8));
        stdin.flush();
      } catch (IOException e) {
        replies.remove(id);
        reply.completeExceptionally(e);
      }
    }
    return reply;
  }

  /** The newest pairing code shown in a timeline, or null. */
  String latestPairingCode() {
    return pairingCodes.isEmpty() ? null : pairingCodes.get(pairingCodes.size() - 1);
  }

  /** Stops reading the gateway's stdout (its pipe fills) until {@link #resumeReading}. */
  void pauseReading() {
    reading = false;
  }

  void resumeReading() {
    synchronized (readGate) {
      reading = true;
      readGate.notifyAll();
    }
  }

  private void readStdout() {
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8), 1 << 16)) {
      String line;
      while (true) {
        synchronized (readGate) {
          while (!reading) {
            readGate.wait();
          }
        }
        line = out.readLine();
        if (line == null) {
          return;
        }
        handle(JSON.parseJson(line));
      }
    } catch (IOException | InterruptedException | IllegalArgumentException e) {
      started.completeExceptionally(e);
    }
  }

  private void handle(JsonNode line) {
    String event = line.path("event").asText();
    if (event.equals("gateway.started")) {
      started.complete(line);
    } else if (event.equals("session.log")) {
      String message = line.path("message").asText();
      Matcher code = PAIRING_CODE.matcher(message);
      if (code.find()) {
        pairingCodes.add(code.group(1));
      }
      if (message.contains("were dropped") || message.contains("was dropped")) {
        droppedNotices.incrementAndGet();
      }
    } else if (line.has("id") && line.get("id").canConvertToLong()) {
      CompletableFuture<JsonNode> reply = replies.remove(line.get("id").asLong());
      if (reply != null) {
        reply.complete(line);
      }
    }
  }

  /** Asks the JVM for a full collection, so RSS reflects what is live. */
  void collectGarbage() throws Exception {
    // The serial collector gives heap back gradually: a full GC shrinks the old generation by 0 %,
    // then 10 %, 40 % and 100 % of what it could on consecutive collections. One GC would leave a
    // heap that grew during an attack committed, and RSS would say "not back" of what is free.
    for (int i = 0; i < GCS_TO_SHRINK; i++) {
      Process jcmd =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                  Long.toString(pid()),
                  "GC.run")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      jcmd.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Consecutive full GCs after which the serial collector has shrunk the heap all it will. */
  private static final int GCS_TO_SHRINK = 5;

  /** Heap in use now (all generations), in KiB, as {@code jcmd GC.heap_info} reports it. */
  long heapUsedKib() throws Exception {
    Process jcmd =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid()),
                "GC.heap_info")
            .redirectErrorStream(true)
            .start();
    String text =
        new String(jcmd.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    jcmd.waitFor(30, TimeUnit.SECONDS);
    return heapUsedKib(text);
  }

  /** The sum of {@code used NK} over the generation lines of {@code GC.heap_info}; -1 if none. */
  static long heapUsedKib(String heapInfo) {
    long used = -1;
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("generation\\s+total \\d+K, used (\\d+)K")
            .matcher(heapInfo);
    while (m.find()) {
      used = Math.max(used, 0) + Long.parseLong(m.group(1));
    }
    return used;
  }

  /** Resident memory now, in KiB. */
  long rssKib() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    return -1;
  }

  /** Open file descriptors now. */
  long descriptors() throws IOException {
    try (var fds = Files.list(Path.of("/proc", Long.toString(pid()), "fd"))) {
      return fds.count();
    }
  }

  @Override
  public void close() throws Exception {
    resumeReading();
    synchronized (stdin) {
      try {
        stdin.close();
      } catch (IOException e) {
        // gone already
      }
    }
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
