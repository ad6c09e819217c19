package io.github.providergateway.benchmarks.soak;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 13's attacks, each bounded in count and time, each returning what the gateway answered in a
 * few words. Loopback only. They run one after another between the soak's normal calls.
 */
final class SoakAttacks {

  /** One attack: its name and a run that says what happened. */
  record Attack(String name, Run run) {}

  @FunctionalInterface
  interface Run {
    String attack() throws Exception;
  }

  private final SoakGateway gateway;
  private final int port;
  private final String token;
  private final String session;
  private int serial;

  SoakAttacks(SoakGateway gateway, String session) throws IOException {
    this.gateway = gateway;
    this.port = gateway.port();
    this.token = gateway.token();
    this.session = session;
  }

  List<Attack> all() {
    return List.of(
        new Attack("ping flood, never reading (no token)", this::pingFlood),
        new Attack("200 idle TCP sockets + 50 half-sent upgrades", this::idleSockets),
        new Attack("40 unauthenticated 60 KiB partial frames", this::partialFrames),
        new Attack("unmasked, binary, oversized frames and // upgrades", this::badFrames),
        new Attack("10 authenticated connections that never say hello", this::neverHello),
        new Attack(
            "filter.set with 20,000 then 50 catastrophic rules, 100 pushes", this::regexBomb),
        new Attack("paired provider claiming the project provider's name", this::trustMerge),
        new Attack("3 providers x 10 streams of 1 MB nested metadata", this::streamFlood),
        new Attack("40 identities with 100 KB schemas that drop", this::snapshotFlood),
        new Attack("metadata nested 996 deep, 5,000-char names, bad tool names", this::badNames),
        new Attack("20,000 tool.progress for one call", this::progressFlood),
        new Attack("10 pairing requests", this::pairingSpam),
        new Attack(
            "host stops reading stdout for 8 s during surface pushes", this::hostStopsReading));
  }

  private String name() {
    return "attacker-" + (++serial);
  }

  private String pingFlood() throws IOException {
    try (RawWs socket = RawWs.open(port, "/")) {
      long end = System.currentTimeMillis() + 2_000;
      int sent = 0;
      try {
        while (System.currentTimeMillis() < end) {
          socket.ping();
          sent++;
        }
      } catch (IOException cut) {
        return "cut after " + sent + " pings";
      }
      return socket.awaitClosed(5_000)
          ? "closed after " + sent + " pings"
          : "NOT closed after " + sent + " pings";
    }
  }

  private String idleSockets() throws IOException, InterruptedException {
    List<Socket> sockets = new ArrayList<>();
    try {
      for (int i = 0; i < 200; i++) {
        sockets.add(RawWs.tcp(port));
      }
      for (int i = 0; i < 50; i++) {
        Socket half = RawWs.tcp(port);
        half.getOutputStream()
            .write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
        sockets.add(half);
      }
      Thread.sleep(7_000); // past the 5 s handshake deadline
      long closed = sockets.stream().filter(SoakAttacks::closedByPeer).count();
      return closed + "/" + sockets.size() + " closed by the gateway";
    } finally {
      for (Socket socket : sockets) {
        socket.close();
      }
    }
  }

  private static boolean closedByPeer(Socket socket) {
    try {
      socket.setSoTimeout(50);
      return socket.getInputStream().read() < 0;
    } catch (java.net.SocketTimeoutException open) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  private String partialFrames() throws IOException {
    List<RawWs> parked = new ArrayList<>();
    try {
      for (int i = 0; i < 40; i++) {
        RawWs socket = RawWs.open(port, "/");
        parked.add(socket);
        socket.header(RawWs.TEXT, 60 * 1024, true, true);
        socket.write(new byte[30 * 1024]);
      }
      return parked.size() + " parked 30 KiB each";
    } finally {
      parked.forEach(RawWs::close);
    }
  }

  private String badFrames() throws IOException {
    Map<String, Boolean> closed = new LinkedHashMap<>();
    try (RawWs unmasked = RawWs.open(port, "/")) {
      unmasked.frame(RawWs.TEXT, "{}".getBytes(StandardCharsets.UTF_8), false, true);
      closed.put("unmasked", unmasked.awaitClosed(3_000));
    }
    try (RawWs binary = RawWs.open(port, "/")) {
      binary.frame(RawWs.BINARY, new byte[16], true, true);
      closed.put("binary", binary.awaitClosed(3_000));
    }
    try (RawWs huge = RawWs.open(port, "/")) {
      huge.header(RawWs.TEXT, 64L * 1024 * 1024, true, true);
      closed.put("64 MiB header", huge.awaitClosed(3_000));
    }
    int[] statuses = new int[3];
    for (int i = 0; i < statuses.length; i++) {
      try (RawWs slashes = RawWs.open(port, "//")) {
        statuses[i] = slashes.status();
      }
    }
    return "closed " + closed + ", // got " + java.util.Arrays.toString(statuses);
  }

  private String neverHello() throws IOException {
    List<RawWs> silent = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      silent.add(SoakProvider.authenticated(port, token));
    }
    // Left open: the 30 s bind deadline closes them while the soak goes on.
    Thread closer =
        DaemonThreads.start(
            "soak-never-hello",
            () -> {
              long closed = silent.stream().filter(s -> s.awaitClosed(40_000)).count();
              silent.forEach(RawWs::close);
              SoakDriver.note("never-hello: " + closed + "/10 closed by the bind deadline");
            });
    return "10 left silent (result noted later)";
  }

  private String regexBomb() throws IOException {
    try (RawWs bomb = SoakProvider.bind(port, token, session, name(), "[]")) {
      StringBuilder rules = new StringBuilder("[");
      for (int i = 0; i < 20_000; i++) {
        rules.append(i == 0 ? "" : ",").append("{\"match\":\"(a+)+$\",\"outcome\":\"drop\"}");
      }
      bomb.text("{\"type\":\"filter.set\",\"stream\":\"b\",\"rules\":" + rules + "]}");
      String huge = typeOf(SoakProvider.awaitType(bomb, "error"));
      StringBuilder fifty = new StringBuilder("[");
      for (int i = 0; i < 50; i++) {
        fifty.append(i == 0 ? "" : ",").append("{\"match\":\"(a+)+$\",\"outcome\":\"drop\"}");
      }
      bomb.text(
          "{\"type\":\"filter.set\",\"requestId\":\"f\",\"stream\":\"b\",\"rules\":"
              + fifty
              + "]}");
      String evil = "a".repeat(10_000) + "b";
      for (int i = 0; i < 100; i++) {
        bomb.text(
            "{\"type\":\"push\",\"level\":\"keep\",\"stream\":\"b\",\"event\":\"" + evil + "\"}");
      }
      return "20,000 rules: " + huge;
    }
  }

  private String trustMerge() throws Exception {
    try (RawWs external = RawWs.open(port, "/")) {
      external.text("{\"type\":\"auth\",\"mode\":\"pair\"}");
      if (SoakProvider.awaitType(external, "auth.pairing") == null) {
        return "pairing refused (budget): " + "skipped";
      }
      Thread.sleep(500); // the code travels through the host's stdout
      external.text("{\"type\":\"auth.confirm\",\"code\":\"" + gateway.latestPairingCode() + "\"}");
      if (SoakProvider.awaitType(external, "sessions") == null) {
        return "pairing failed";
      }
      external.text(
          "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\""
              + SoakDriver.ECHO_PROVIDER
              + "\",\"instance\":\"evil\",\"session\":\""
              + session
              + "\",\"tools\":["
              + SoakProvider.toolJson("echo")
              + "]}");
      return "hello as the project provider: " + codeOf(SoakProvider.awaitType(external, "error"));
    }
  }

  private String streamFlood() throws IOException {
    String zeros = "[" + "0,".repeat(499_999) + "0]";
    int sent = 0;
    for (int p = 0; p < 3; p++) {
      try (RawWs flooder = SoakProvider.bind(port, token, session, name(), "[]")) {
        for (int i = 0; i < 10; i++) {
          flooder.text(
              "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"stream\":\"s"
                  + i
                  + "\",\"metadata\":{\"n\":"
                  + zeros
                  + "}}");
          sent++;
        }
        flooder.readText(2_000);
      }
    }
    return sent + " pushes of 1 MB";
  }

  private String snapshotFlood() throws IOException {
    String schema = "{\"type\":\"object\",\"enum\":[" + "0,".repeat(49_999) + "0]}";
    int bound = 0;
    int refused = 0;
    for (int i = 0; i < 40; i++) {
      String name = name();
      String tools =
          "[{\"name\":\"t_"
              + name.replace('-', '_')
              + "\",\"description\":\"d\",\"parameters\":"
              + schema
              + "}]";
      try (RawWs socket = SoakProvider.bind(port, token, session, name, tools)) {
        bound++;
      } catch (IOException refusedHello) {
        refused++;
      }
    }
    return bound + " bound then dropped, " + refused + " refused";
  }

  private String badNames() throws IOException {
    List<String> answers = new ArrayList<>();
    try (RawWs socket = SoakProvider.authenticated(port, token)) {
      socket.text(
          "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\""
              + "n".repeat(5_000)
              + "\",\"session\":\""
              + session
              + "\"}");
      answers.add("5,000-char name: " + codeOf(SoakProvider.awaitType(socket, "error")));
      socket.text(
          "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"x\",\"session\":\""
              + session
              + "\",\"tools\":["
              + SoakProvider.toolJson("right\\u202eleft")
              + "]}");
      answers.add("U+202E tool: " + codeOf(SoakProvider.awaitType(socket, "error")));
    }
    try (RawWs nester = SoakProvider.bind(port, token, session, name(), "[]")) {
      String deep = "{\"a\":".repeat(996) + "1" + "}".repeat(996);
      nester.text(
          "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"deep\",\"stream\":\"d\",\"metadata\":"
              + deep
              + "}");
      answers.add("996 deep: " + codeOf(SoakProvider.awaitType(nester, "error")));
    }
    return String.join("; ", answers);
  }

  private String progressFlood() throws Exception {
    String name = name();
    String tool = "slow_" + serial;
    try (RawWs slow =
        SoakProvider.bind(port, token, session, name, "[" + SoakProvider.toolJson(tool) + "]")) {
      var reply =
          gateway.request(
              "{\"cmd\":\"tool.call\",\"sessionId\":\""
                  + session
                  + "\",\"tool\":\""
                  + tool
                  + "\",\"args\":{},\"timeoutMs\":30000}");
      String call = SoakProvider.awaitType(slow, "tool.call");
      String id = SoakGateway.JSON.parseJson(call).get("id").asText();
      for (int i = 0; i < 20_000; i++) {
        slow.text("{\"type\":\"tool.progress\",\"id\":\"" + id + "\",\"message\":\"" + i + "\"}");
      }
      slow.text("{\"type\":\"tool.result\",\"id\":\"" + id + "\",\"data\":\"done\"}");
      return "call ended "
          + reply
              .get(30, java.util.concurrent.TimeUnit.SECONDS)
              .path("outcome")
              .path("status")
              .asText();
    }
  }

  private String pairingSpam() throws IOException {
    int rateLimited = 0;
    for (int i = 0; i < 10; i++) {
      try (RawWs socket = RawWs.open(port, "/")) {
        socket.text("{\"type\":\"auth\",\"mode\":\"pair\"}");
        String answer = socket.readText(5_000);
        if (answer != null && answer.contains("RATE_LIMITED")) {
          rateLimited++;
        }
      }
    }
    return rateLimited + "/10 RATE_LIMITED";
  }

  private String hostStopsReading() throws Exception {
    try (RawWs pusher = SoakProvider.bind(port, token, session, name(), "[]")) {
      gateway.pauseReading();
      String big = "x".repeat(500_000);
      for (int i = 0; i < 10; i++) {
        pusher.text(
            "{\"type\":\"push\",\"level\":\"surface\",\"stream\":\"loud\",\"event\":\""
                + big
                + "\"}");
      }
      pusher.text(
          "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"loud\"],\"last\":1}");
      boolean answered = SoakProvider.awaitType(pusher, "stream.history") != null;
      Thread.sleep(8_000);
      gateway.resumeReading();
      return "provider answered while stdout was unread: " + answered;
    } finally {
      gateway.resumeReading();
    }
  }

  private static String typeOf(String message) {
    return message == null ? "no answer" : codeOf(message);
  }

  private static String codeOf(String error) {
    return error == null ? "no error" : SoakGateway.JSON.parseJson(error).path("code").asText();
  }
}
