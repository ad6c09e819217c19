package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.testing.ClientFrames.BINARY;
import static io.github.providergateway.transport.testing.ClientFrames.CLOSE;
import static io.github.providergateway.transport.testing.ClientFrames.CONTINUATION;
import static io.github.providergateway.transport.testing.ClientFrames.FIN;
import static io.github.providergateway.transport.testing.ClientFrames.PING;
import static io.github.providergateway.transport.testing.ClientFrames.PONG;
import static io.github.providergateway.transport.testing.ClientFrames.TEXT;
import static io.github.providergateway.transport.testing.ClientFrames.concat;
import static io.github.providergateway.transport.testing.ClientFrames.frame;
import static io.github.providergateway.transport.testing.ClientFrames.utf8;
import static io.github.providergateway.transport.ws.ServerFixture.WAIT;
import static io.github.providergateway.transport.ws.ServerFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.ClientFrames;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RFC 6455 conformance as a case table modelled on the Autobahn test suite's sections 1-7 and 9
 * (framing, pings and pongs, reserved bits, opcodes, fragmentation, UTF-8, close handling, limits),
 * one row per case with Autobahn's id, each run over a real socket against a real server on a free
 * port with a gateway behind it, and checked exactly: every frame the server sends, in order, and
 * how the connection ends.
 *
 * <p>Where Autobahn's server echoes a text message, ours has no echo: the row's text is {@code
 * {"type":"<t>"}}, which the gateway answers with an {@code error} {@code UNKNOWN_TYPE} whose
 * {@code replyTo} is {@code <t>}, on any connection, authenticated or not. That is the echo: {@code
 * <t>} went through framing, unmasking, UTF-8 decoding and JSON and came back the same. Section 9's
 * large messages are {@code tool.result}s a bound provider sends for a host's call, compared whole
 * with what the host receives. Sizes are the whole frame payload, as Autobahn's are.
 *
 * <p>Where our server differs from Autobahn's expectations, by design:
 *
 * <ul>
 *   <li>binary messages (1.2, 9.2, 9.4, 9.6) are refused with 1003: both protocols are JSON text;
 *   <li>sizes are scaled to our limits (section 9): 64 KiB before authenticating, the largest
 *       {@code tool.result} (5 MiB) after, 1009 past the transport limit (that plus 1 MiB);
 *   <li>invalid UTF-8 is found when the message is whole, not at the fragment that breaks it (6.4,
 *       which Autobahn accepts as "non-strict"): 1007 either way;
 *   <li>a text answer comes from the gateway loop while a close or a pong comes straight from the
 *       socket's reader, and a refused connection drops what is queued for it; so where Autobahn
 *       sends a message and a broken frame together (3.2, 4.1.3, 5.15, 7.1.1) our row waits for the
 *       answer before sending the rest, and the outcome is exact rather than "non-strict";
 *   <li>a non-minimal extended length, which Autobahn never sends, is 1002 (rows "x.1"-"x.3").
 * </ul>
 */
class Rfc6455CaseTableTest {

  private static final int KIB = 1024;
  private static final int MIB = 1024 * 1024;
  private static final AtomicInteger NAMES = new AtomicInteger();
  private static ServerFixture f;

  @BeforeAll
  static void startServer() throws IOException {
    f = ServerFixture.start();
  }

  @AfterAll
  static void stopServer() {
    f.close();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void theServerAnswersTheCaseExactly(String id, String description, Case row) throws IOException {
    try (Client client = row.bound() ? Client.bound(f) : Client.connect(f)) {
      for (Step step : row.steps()) {
        step.run(client);
      }
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> rows = new ArrayList<>();
    framing(rows);
    pingsAndPongs(rows);
    reservedBits(rows);
    opcodes(rows);
    fragmentation(rows);
    utf8Handling(rows);
    closeHandling(rows);
    limits(rows);
    minimalLengths(rows);
    return rows.stream();
  }

  // ---- 1: framing ----

  private static void framing(List<Arguments> rows) {
    int[] sizes = {0, 125, 126, 127, 128, 65_535, 65_536};
    for (int i = 0; i < sizes.length; i++) {
      int size = sizes[i];
      rows.add(
          size == 0
              ? row(
                  "1.1.1",
                  "an empty text message is handed over (and is no JSON)",
                  send(frame(FIN | TEXT, new byte[0])),
                  answered(ErrorCode.INVALID_JSON),
                  stillServing())
              : row(
                  "1.1." + (i + 1),
                  "a text message of " + size + " bytes",
                  send(message(size)),
                  echo(size),
                  stillServing()));
    }
    rows.add(
        row(
            "1.1.8",
            "65,536 bytes written in chops of 997",
            sendChopped(997, message(65_536)),
            echo(65_536),
            stillServing()));
    rows.add(
        row(
            "1.2.1",
            "a binary message is refused (JSON text only)",
            send(frame(FIN | BINARY, new byte[0])),
            closed(1003)));
    rows.add(
        row(
            "1.2.6",
            "a binary message of 65,535 bytes is refused at its header",
            send(Arrays.copyOf(frame(FIN | BINARY, new byte[65_535]), 8)),
            closed(1003)));
  }

  // ---- 2: pings and pongs ----

  private static void pingsAndPongs(List<Arguments> rows) {
    byte[] binary = {
      0x00, (byte) 0xff, (byte) 0xfe, (byte) 0xfd, (byte) 0xfc, (byte) 0xfb, 0x00, (byte) 0xff
    };
    rows.add(
        row(
            "2.1",
            "a ping without payload is answered",
            send(ping(new byte[0])),
            pong(new byte[0]),
            stillServing()));
    rows.add(
        row(
            "2.2",
            "a ping's text payload comes back",
            send(ping(utf8("Hello, world!"))),
            pong(utf8("Hello, world!")),
            stillServing()));
    rows.add(
        row(
            "2.3",
            "a ping's binary payload comes back",
            send(ping(binary)),
            pong(binary),
            stillServing()));
    rows.add(
        row(
            "2.4",
            "a ping of 125 bytes comes back",
            send(ping(filled(125))),
            pong(filled(125)),
            stillServing()));
    rows.add(
        row(
            "2.5",
            "a ping of 126 bytes is a protocol error",
            send(ping(filled(126))),
            closed(1002)));
    rows.add(
        row(
            "2.6",
            "a ping of 125 bytes written byte by byte",
            sendChopped(1, ping(filled(125))),
            pong(filled(125)),
            stillServing()));
    rows.add(
        row(
            "2.7",
            "an unsolicited empty pong is ignored",
            send(frame(FIN | PONG, new byte[0])),
            stillServing()));
    rows.add(
        row(
            "2.8",
            "an unsolicited pong with payload is ignored",
            send(frame(FIN | PONG, utf8("unsolicited"))),
            stillServing()));
    rows.add(
        row(
            "2.9",
            "an unsolicited pong, then a ping: one pong",
            send(frame(FIN | PONG, utf8("x")), ping(utf8("ping"))),
            pong(utf8("ping")),
            stillServing()));
    List<Step> tenPings = new ArrayList<>();
    byte[][] pings = new byte[10][];
    for (int i = 0; i < 10; i++) {
      pings[i] = ping(utf8("payload-" + i));
    }
    tenPings.add(send(pings));
    for (int i = 0; i < 10; i++) {
      tenPings.add(pong(utf8("payload-" + i)));
    }
    tenPings.add(stillServing());
    rows.add(row("2.10", "ten pings, ten pongs in order", tenPings.toArray(Step[]::new)));
    tenPings.set(0, sendChopped(1, pings));
    rows.add(row("2.11", "ten pings written byte by byte", tenPings.toArray(Step[]::new)));
  }

  // ---- 3: reserved bits ----

  private static void reservedBits(List<Arguments> rows) {
    rows.add(
        row(
            "3.1",
            "RSV1 on a text frame",
            send(frame(FIN | 0x40 | TEXT, utf8("{\"type\":\"x\"}"))),
            closed(1002)));
    rows.add(
        row(
            "3.2",
            "a message, then RSV2 on a text frame and a ping: no pong",
            send(message(20)),
            echo(20),
            send(frame(FIN | 0x20 | TEXT, utf8("{\"type\":\"x\"}")), ping(new byte[0])),
            closed(1002)));
    rows.add(
        row(
            "3.3",
            "the same with RSV1+RSV2, frame by frame",
            send(message(20)),
            echo(20),
            send(frame(FIN | 0x60 | TEXT, utf8("{\"type\":\"x\"}"))),
            send(ping(new byte[0])),
            closed(1002)));
    rows.add(
        row(
            "3.4",
            "the same with RSV3, byte by byte",
            send(message(20)),
            echo(20),
            sendChopped(1, frame(FIN | 0x10 | TEXT, utf8("{\"type\":\"x\"}")), ping(new byte[0])),
            closed(1002)));
    rows.add(
        row(
            "3.5",
            "RSV1+RSV3 on a binary frame",
            send(frame(FIN | 0x50 | BINARY, new byte[8])),
            closed(1002)));
    rows.add(
        row(
            "3.6",
            "RSV2+RSV3 on a ping",
            send(frame(FIN | 0x30 | PING, utf8("ping"))),
            closed(1002)));
    rows.add(
        row(
            "3.7",
            "all three on a close",
            send(frame(FIN | 0x70 | CLOSE, new byte[0])),
            closed(1002)));
  }

  // ---- 4: opcodes ----

  private static void opcodes(List<Arguments> rows) {
    int[] reserved = {3, 4, 5, 6, 7, 11, 12, 13, 14, 15};
    for (int i = 0; i < reserved.length; i++) {
      int opcode = reserved[i];
      String id = (opcode < 8 ? "4.1." : "4.2.") + (opcode < 8 ? opcode - 2 : opcode - 10);
      byte[] payload = i % 2 == 0 ? new byte[0] : utf8("reserved");
      rows.add(
          opcode == 5 || opcode == 13
              ? row(
                  id,
                  "a message, then reserved opcode " + opcode + " and a ping: no pong",
                  send(message(20)),
                  echo(20),
                  send(frame(FIN | opcode, payload), ping(new byte[0])),
                  closed(1002))
              : row(
                  id,
                  "reserved opcode " + opcode,
                  send(frame(FIN | opcode, payload)),
                  closed(1002)));
    }
  }

  // ---- 5: fragmentation ----

  private static void fragmentation(List<Arguments> rows) {
    byte[] whole = utf8(json("fragmented"));
    byte[] head = Arrays.copyOfRange(whole, 0, 9);
    byte[] tail = Arrays.copyOfRange(whole, 9, whole.length);
    byte[] first = frame(TEXT, false, head);
    byte[] last = frame(FIN | CONTINUATION, tail);
    rows.add(
        row(
            "5.1",
            "a ping in two fragments",
            send(frame(PING, false, utf8("frag")), frame(FIN | CONTINUATION, utf8("ment"))),
            closed(1002)));
    rows.add(
        row(
            "5.2",
            "a pong in two fragments",
            send(frame(PONG, false, utf8("frag")), frame(FIN | CONTINUATION, utf8("ment"))),
            closed(1002)));
    rows.add(
        row(
            "5.3",
            "a text message in two fragments",
            send(first, last),
            echoOf("fragmented"),
            stillServing()));
    rows.add(
        row(
            "5.4",
            "the same, byte by byte",
            sendChopped(1, first, last),
            echoOf("fragmented"),
            stillServing()));
    rows.add(
        row(
            "5.5",
            "the same, frame by frame",
            send(first),
            send(last),
            echoOf("fragmented"),
            stillServing()));
    byte[] ping = ping(utf8("between"));
    rows.add(
        row(
            "5.6",
            "a ping between two fragments is answered first",
            send(first, ping, last),
            pong(utf8("between")),
            echoOf("fragmented"),
            stillServing()));
    rows.add(
        row(
            "5.7",
            "the same, byte by byte",
            sendChopped(1, first, ping, last),
            pong(utf8("between")),
            echoOf("fragmented"),
            stillServing()));
    rows.add(
        row(
            "5.8",
            "the same, frame by frame",
            send(first),
            send(ping),
            send(last),
            pong(utf8("between")),
            echoOf("fragmented"),
            stillServing()));
    rows.add(
        row(
            "5.9",
            "a final continuation with no message begun",
            send(frame(FIN | CONTINUATION, utf8("x")), message(20)),
            closed(1002)));
    rows.add(
        row(
            "5.12",
            "a continuation with no message begun",
            send(frame(CONTINUATION, false, utf8("x")), message(20)),
            closed(1002)));
    rows.add(
        row(
            "5.15",
            "a finished message, then a continuation and a new fragment",
            send(first, last),
            echoOf("fragmented"),
            send(frame(CONTINUATION, false, utf8("x")), frame(TEXT, false, utf8("y"))),
            closed(1002)));
    rows.add(
        row(
            "5.17",
            "a finished message, then a final continuation",
            send(first, last),
            echoOf("fragmented"),
            send(frame(FIN | CONTINUATION, utf8("x"))),
            closed(1002)));
    rows.add(
        row(
            "5.18",
            "a new text message inside a fragmented one",
            send(first, frame(FIN | TEXT, tail)),
            closed(1002)));
    byte[][] five = new byte[5][];
    for (int i = 0; i < 5; i++) {
      int from = i * whole.length / 5;
      int to = (i + 1) * whole.length / 5;
      five[i] = frame(i == 0 ? TEXT : CONTINUATION, i == 4, Arrays.copyOfRange(whole, from, to));
    }
    rows.add(
        row(
            "5.19",
            "five fragments with pings after the second and the fourth",
            send(five[0], five[1], ping(utf8("one")), five[2], five[3], ping(utf8("two")), five[4]),
            pong(utf8("one")),
            pong(utf8("two")),
            echoOf("fragmented"),
            stillServing()));
    rows.add(
        row(
            "5.20",
            "the same, frame by frame",
            send(five[0]),
            send(five[1]),
            send(ping(utf8("one"))),
            send(five[2]),
            send(five[3]),
            send(ping(utf8("two"))),
            send(five[4]),
            pong(utf8("one")),
            pong(utf8("two")),
            echoOf("fragmented"),
            stillServing()));
  }

  // ---- 6: UTF-8 ----

  private static void utf8Handling(List<Arguments> rows) {
    rows.add(
        utf8Row(
            "6.2.1",
            "valid UTF-8 in one frame",
            "Hello-\u00b5@\u00df\u00f6\u00e4\u00fc\u00e0\u00e1-UTF-8!!"));
    String hello = "Hello-\u00b5@\u00df\u00f6\u00e4\u00fc\u00e0\u00e1-UTF-8!!";
    rows.add(
        row(
            "6.2.2",
            "valid UTF-8 in two fragments at a character boundary",
            send(fragments(json(hello), 15)),
            echoOf(hello),
            stillServing()));
    rows.add(
        row(
            "6.2.3",
            "valid UTF-8, one byte a fragment",
            send(fragments(json(hello), 1)),
            echoOf(hello),
            stillServing()));
    String clef = "\ud834\udd1e";
    rows.add(
        row(
            "6.2.4",
            "a four-byte character, one byte a fragment",
            send(fragments(json(clef), 1)),
            echoOf(clef),
            stillServing()));
    rows.add(
        utf8Row(
            "6.3.1", "a surrogate inside valid text", "cebae1bdb9cf83cebcceb5eda080656469746564"));
    byte[] invalid =
        concat(
            utf8("{\"type\":\""),
            HexFormat.of().parseHex("cebae1bdb9cf83cebcceb5eda080656469746564"),
            utf8("\"}"));
    rows.add(
        row("6.3.2", "the same, one byte a fragment", send(fragments(invalid, 1)), closed(1007)));
    rows.add(
        row(
            "6.4.1",
            "valid, invalid and valid fragments: 1007 once the message is whole",
            send(fragments(invalid, invalid.length / 3)),
            closed(1007)));
    rows.add(
        row(
            "6.4.2",
            "the invalid fragment alone, then the rest: 1007 at the end",
            send(frame(TEXT, false, Arrays.copyOf(invalid, 23))),
            send(frame(FIN | CONTINUATION, Arrays.copyOfRange(invalid, 23, invalid.length))),
            closed(1007)));
    String kosme = "\u03ba\u1f79\u03c3\u03bc\u03b5";
    rows.add(utf8Row("6.5.1", "\u03ba\u1f79\u03c3\u03bc\u03b5 in one frame", kosme));
    rows.add(
        row(
            "6.6.1",
            "\u03ba\u1f79\u03c3\u03bc\u03b5 one byte a fragment",
            send(fragments(json(kosme), 1)),
            echoOf(kosme),
            stillServing()));
    rows.add(utf8Row("6.6.2", "a truncated two-byte character", "ce"));
    // 6.7-6.23: the boundary sequences of Markus Kuhn's UTF-8 stress test, valid and not.
    String[][] sequences = {
      {"6.7.2", "the first two-byte character", "c280"},
      {"6.7.3", "the first three-byte character", "e0a080"},
      {"6.7.4", "the first four-byte character", "f0908080"},
      {"6.8.1", "a five-byte sequence", "f888808080"},
      {"6.8.2", "a six-byte sequence", "fc8480808080"},
      {"6.9.1", "the last one-byte character", "7f"},
      {"6.9.2", "the last two-byte character", "dfbf"},
      {"6.9.3", "the last three-byte character", "efbfbf"},
      {"6.9.4", "the last code point, U+10FFFF", "f48fbfbf"},
      {"6.10.1", "U+110000", "f4908080"},
      {"6.10.2", "a four-byte sequence past the range", "f7bfbfbf"},
      {"6.11.1", "U+D7FF", "ed9fbf"},
      {"6.11.2", "U+E000", "ee8080"},
      {"6.11.3", "U+FFFD", "efbfbd"},
      {"6.12.1", "a lone continuation byte 0x80", "80"},
      {"6.12.2", "a lone continuation byte 0xbf", "bf"},
      {
        "6.12.8",
        "every continuation byte",
        "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
      },
      {"6.13.1", "a lonely two-byte start", "c020"},
      {"6.13.2", "a lonely three-byte start", "e020"},
      {"6.14.1", "a two-byte sequence missing its last byte", "c0"},
      {"6.14.3", "a three-byte sequence missing its last byte", "efbf"},
      {"6.14.4", "a four-byte sequence missing its last byte", "f7bfbf"},
      {"6.15.1", "incomplete sequences one after another", "c0e080f08080f8808080fc80808080df"},
      {"6.16.1", "the impossible byte 0xfe", "fe"},
      {"6.16.2", "the impossible byte 0xff", "ff"},
      {"6.16.3", "0xfefeffff", "fefeffff"},
      {"6.17.1", "'/' as two bytes (overlong)", "c0af"},
      {"6.17.2", "'/' as three bytes", "e080af"},
      {"6.17.3", "'/' as four bytes", "f08080af"},
      {"6.18.1", "the largest overlong two-byte", "c1bf"},
      {"6.18.2", "the largest overlong three-byte", "e09fbf"},
      {"6.18.3", "the largest overlong four-byte", "f08fbfbf"},
      {"6.19.1", "a lone high surrogate", "eda080"},
      {"6.19.7", "a lone low surrogate", "edbfbf"},
      {"6.20.1", "a surrogate pair encoded as two characters", "eda080edb080"},
      {"6.21.1", "the noncharacter U+FFFE", "efbfbe"},
      {"6.21.2", "the noncharacter U+FFFF", "efbfbf"},
      {"6.21.3", "the noncharacter U+1FFFE", "f09fbfbe"},
      {"6.22.1", "U+FDD0", "efb790"},
      {"6.23.1", "U+FFFD, the replacement character", "efbfbd"},
    };
    for (String[] sequence : sequences) {
      rows.add(utf8Row(sequence[0], sequence[1], HexFormat.of().parseHex(sequence[2])));
    }
  }

  // ---- 7: close handling ----

  private static void closeHandling(List<Arguments> rows) {
    rows.add(
        row(
            "7.1.1",
            "a message, then a close: answered 1000",
            send(message(20)),
            echo(20),
            send(ClientFrames.close(1000, "")),
            closed(1000)));
    rows.add(
        row(
            "7.1.2",
            "two closes: one answer",
            send(ClientFrames.close(1000, ""), ClientFrames.close(1000, "")),
            closed(1000)));
    rows.add(
        row(
            "7.1.3",
            "a close, then a ping: no pong",
            send(ClientFrames.close(1000, ""), ping(utf8("late"))),
            closed(1000)));
    rows.add(
        row(
            "7.1.4",
            "a close, then a message: no answer",
            send(ClientFrames.close(1000, ""), message(20)),
            closed(1000)));
    rows.add(
        row(
            "7.1.5",
            "a fragment, then a close: no answer",
            send(frame(TEXT, false, utf8("{\"type\":")), ClientFrames.close(1000, "")),
            closed(1000)));
    rows.add(
        row(
            "7.3.1",
            "a close without payload: answered 1000",
            send(frame(FIN | CLOSE, new byte[0])),
            closed(1000)));
    rows.add(
        row(
            "7.3.2",
            "a close of one byte",
            send(frame(FIN | CLOSE, new byte[] {0x03})),
            closed(1002)));
    rows.add(
        row(
            "7.3.3",
            "a close with 1000 and no reason",
            send(ClientFrames.close(1000, "")),
            closed(1000)));
    rows.add(
        row(
            "7.3.4",
            "a close with 1000 and a reason",
            send(ClientFrames.close(1000, "Hello World!")),
            closed(1000)));
    rows.add(
        row(
            "7.3.5",
            "a close with a reason of 123 bytes",
            send(ClientFrames.close(1000, "*".repeat(123))),
            closed(1000)));
    rows.add(
        row(
            "7.3.6",
            "a close with a reason of 124 bytes (126 in all)",
            send(ClientFrames.close(1000, "*".repeat(124))),
            closed(1002)));
    rows.add(
        row(
            "7.5.1",
            "a close whose reason is not UTF-8",
            send(
                frame(
                    FIN | CLOSE,
                    concat(
                        new byte[] {0x03, (byte) 0xe8},
                        HexFormat.of().parseHex("cebae1bdb9cf83cebcceb5eda080")))),
            closed(1007)));
    int[] valid = {1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999};
    for (int i = 0; i < valid.length; i++) {
      rows.add(
          row(
              "7.7." + (i + 1),
              "close code " + valid[i] + " is answered with it",
              send(ClientFrames.close(valid[i], "")),
              closed(valid[i])));
    }
    int[] invalid = {0, 999, 1004, 1005, 1006, 1016, 1100, 2000, 2999};
    for (int i = 0; i < invalid.length; i++) {
      rows.add(
          row(
              "7.9." + (i + 1),
              "close code " + invalid[i] + " may not be sent",
              send(ClientFrames.close(invalid[i], "")),
              closed(1002)));
    }
    rows.add(row("7.13.1", "close code 5000", send(ClientFrames.close(5000, "")), closed(1002)));
    rows.add(row("7.13.2", "close code 65535", send(ClientFrames.close(65_535, "")), closed(1002)));
  }

  // ---- 9: limits, scaled to ours ----

  private static void limits(List<Arguments> rows) {
    int preAuth = 64 * KIB;
    rows.add(
        row(
            "9.0.1",
            "before authenticating, a message of exactly 64 KiB",
            send(message(preAuth)),
            echo(preAuth),
            stillServing()));
    rows.add(
        row(
            "9.0.2",
            "before authenticating, one byte more: 1009 at its header",
            send(Arrays.copyOf(message(preAuth + 1), 14)),
            closed(1009),
            anotherConnectionIsServed()));
    int resultLimit = 5 * MIB;
    rows.add(bound("9.1.1", "a result of 64 KiB in one frame", result(64 * KIB, 0, 0)));
    rows.add(bound("9.1.3", "a result of 1 MiB in one frame", result(MIB, 0, 0)));
    rows.add(bound("9.1.4", "a result of 4 MiB in one frame", result(4 * MIB, 0, 0)));
    rows.add(
        bound(
            "9.1.6",
            "a result of exactly the 5 MiB limit in one frame",
            result(resultLimit, 0, 0)));
    rows.add(
        bound(
            "9.1.7",
            "one byte over it: read, judged by the gateway (PAYLOAD_TOO_LARGE), the call fails",
            resultTooLarge(resultLimit + 1)));
    rows.add(
        bound(
            "9.1.8",
            "one byte over the transport limit: 1009 at the header",
            overTransportLimit(),
            anotherConnectionIsServed()));
    rows.add(bound("9.3.1", "a result of 1 MiB in frames of 64 bytes", result(MIB, 64, 0)));
    rows.add(bound("9.3.5", "a result of 1 MiB in frames of 4 KiB", result(MIB, 4 * KIB, 0)));
    rows.add(bound("9.3.9", "a result of 5 MiB in frames of 1 MiB", result(resultLimit, MIB, 0)));
    rows.add(bound("9.5.1", "a result of 1 MiB written in chops of 64 bytes", result(MIB, 0, 64)));
    rows.add(
        bound("9.5.6", "a result of 1 MiB written in chops of 2 KiB", result(MIB, 0, 2 * KIB)));
    rows.add(row("9.7.1", "a thousand small messages, answered in order", manyMessages(1_000, 16)));
    rows.add(row("9.7.3", "a hundred messages of 1 KiB", manyMessages(100, KIB)));
  }

  // ---- beyond Autobahn: §5.2's minimal length ----

  private static void minimalLengths(List<Arguments> rows) {
    rows.add(
        row(
            "x.1",
            "a 16-bit length of 20 (7 bits would do)",
            send(frame(FIN | TEXT, utf8(json("short".repeat(3))), 2)),
            closed(1002)));
    rows.add(
        row(
            "x.2",
            "a 64-bit length of 200 (16 bits would do)",
            send(frame(FIN | TEXT, messageText(200), 8)),
            closed(1002)));
    rows.add(
        row(
            "x.3",
            "a 64-bit length of 0 on a ping",
            send(frame(FIN | PING, new byte[0], 8)),
            closed(1002)));
    rows.add(
        row(
            "x.4",
            "the smallest 16-bit and 64-bit lengths are read",
            send(frame(FIN | TEXT, messageText(126), 2), frame(FIN | TEXT, messageText(65_536), 8)),
            echo(126),
            echo(65_536),
            stillServing()));
  }

  // ---- rows ----

  /** One case: whether it runs on a bound provider connection, and its steps in order. */
  record Case(boolean bound, List<Step> steps) {
    @Override
    public String toString() {
      return steps.size() + " steps";
    }
  }

  /** What a row does or expects, in order, on its connection. */
  @FunctionalInterface
  interface Step {
    void run(Client client) throws IOException;
  }

  private static Arguments row(String id, String description, Step... steps) {
    return Arguments.of(id, description, new Case(false, List.of(steps)));
  }

  private static Arguments bound(String id, String description, Step... steps) {
    return Arguments.of(id, description, new Case(true, List.of(steps)));
  }

  private static Arguments utf8Row(String id, String description, String text) {
    return row(id, description, send(ClientFrames.text(json(text))), echoOf(text), stillServing());
  }

  private static Arguments utf8Row(String id, String description, byte[] sequence) {
    byte[] text = concat(utf8("{\"type\":\""), sequence, utf8("\"}"));
    java.nio.charset.CharsetDecoder strict = java.nio.charset.StandardCharsets.UTF_8.newDecoder();
    try {
      String type = strict.decode(java.nio.ByteBuffer.wrap(sequence)).toString();
      return row(
          id, "valid: " + description, send(frame(FIN | TEXT, text)), echoOf(type), stillServing());
    } catch (java.nio.charset.CharacterCodingException e) {
      return row(id, "invalid: " + description, send(frame(FIN | TEXT, text)), closed(1007));
    }
  }

  // ---- steps ----

  /** Sends {@code frames} in one write. */
  private static Step send(byte[]... frames) {
    byte[] bytes = concat(frames);
    return client -> client.socket.sendRaw(bytes);
  }

  /** Sends {@code frames} in writes of {@code chop} bytes each. */
  private static Step sendChopped(int chop, byte[]... frames) {
    byte[] bytes = concat(frames);
    return client -> {
      for (int at = 0; at < bytes.length; at += chop) {
        client.socket.sendRaw(Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + chop)));
      }
    };
  }

  /** The next frame is the gateway's answer to {@link #message(int)} of {@code size} bytes. */
  private static Step echo(int size) {
    return echoOf(typeOfSize(size));
  }

  /**
   * The next frame is the gateway's answer to {@code {"type":"<type>"}}: UNKNOWN_TYPE naming it.
   */
  private static Step echoOf(String type) {
    return client -> {
      ErrorMessage error = client.nextError();
      assertThat(error.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
      assertThat(error.replyTo()).as("the type came back whole").isEqualTo(type);
    };
  }

  /**
   * The next frame is the gateway's {@code error} of {@code code}: it read the text and judged it.
   */
  private static Step answered(ErrorCode code) {
    return client -> assertThat(client.nextError().code()).isEqualTo(code);
  }

  private static Step pong(byte[] payload) {
    return client -> {
      RawWebSocket.Frame frame = client.nextFrame();
      assertThat(frame.opcode()).as("a pong").isEqualTo(PONG);
      assertThat(frame.payload()).isEqualTo(payload);
    };
  }

  /**
   * The next frame is a close with {@code code}, and then the server ends the TCP connection: it
   * sends nothing after its close frame (§5.5.1). The client answers the close and sends FIN, as a
   * client that is done does; a server that failed the connection reads no close answer (§7.1.7).
   */
  private static Step closed(int code) {
    return client -> {
      RawWebSocket.Frame frame = client.nextFrame();
      assertThat(frame).as("a close frame").isNotNull();
      assertThat(frame.opcode()).as("a close frame, not %s", describe(frame)).isEqualTo(CLOSE);
      assertThat(RawWebSocket.closed(frame.payload()).code()).isEqualTo(code);
      try {
        client.socket.sendRaw(ClientFrames.close(code == 1005 ? 1000 : code, ""));
        client.socket.shutdownOutput();
      } catch (IOException alreadyClosed) {
        // The server closed the TCP connection after answering our own close: as it should.
      }
      assertThat(client.socket.readFrame(WAIT)).as("nothing after the close frame").isNull();
    };
  }

  /** The connection still serves: a message is answered, and a close is answered with 1000. */
  private static Step stillServing() {
    String probe = "probe-" + NAMES.incrementAndGet();
    Step echo = echoOf(probe);
    Step close = closed(1000);
    return client -> {
      client.socket.sendRaw(ClientFrames.text(json(probe)));
      echo.run(client);
      client.socket.sendRaw(ClientFrames.close(1000, ""));
      close.run(client);
    };
  }

  /** After this row's connection was refused, another is served in full. */
  private static Step anotherConnectionIsServed() {
    return client -> {
      try (Client other = Client.connect(f)) {
        stillServing().run(other);
      }
    };
  }

  /**
   * The host calls the bound provider's tool; the provider answers with a {@code tool.result} of
   * {@code size} bytes in frames of {@code frameBytes} (0: one frame), written in chops of {@code
   * chopBytes} (0: one write); the host gets the data whole.
   */
  private static Step result(int size, int frameBytes, int chopBytes) {
    return client -> {
      CompletableFuture<CallResult> call = f.call(client.tool, "{}");
      ToolCall toolCall = client.provider.next(ToolCall.class);
      String data = resultData(toolCall.id(), size);
      byte[] text =
          utf8(
              ServerFixture.CODEC.encode(
                  ToolResult.success(toolCall.id(), TextNode.valueOf(data))));
      assertThat(text).hasSize(size);
      byte[] frames = frameBytes == 0 ? frame(FIN | TEXT, text) : fragments(text, frameBytes);
      if (chopBytes == 0) {
        client.socket.sendRaw(frames);
      } else {
        sendChopped(chopBytes, frames).run(client);
      }
      CallResult result = await(call);
      assertThat(result.outcome()).isInstanceOf(ToolOutcome.Success.class);
      assertThat(((ToolOutcome.Success) result.outcome()).data().asText())
          .as("the data came whole")
          .isEqualTo(data);
      stillServing().run(client);
    };
  }

  /** A result over the gateway's limit but within the transport's: the gateway refuses it. */
  private static Step resultTooLarge(int size) {
    return client -> {
      CompletableFuture<CallResult> call = f.call(client.tool, "{}");
      ToolCall toolCall = client.provider.next(ToolCall.class);
      String data = resultData(toolCall.id(), size);
      client.socket.sendRaw(
          frame(
              FIN | TEXT,
              utf8(
                  ServerFixture.CODEC.encode(
                      ToolResult.success(toolCall.id(), TextNode.valueOf(data))))));
      assertThat(client.nextError().code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(await(call).outcome()).isInstanceOf(ToolOutcome.Failure.class);
      stillServing().run(client);
    };
  }

  /** A header announcing one byte more than the transport limit, and a little of its payload. */
  private static Step overTransportLimit() {
    return client -> {
      // ServerCore.transportLimit: the gateway's largest message plus 1 MiB of slack.
      long over = f.gateway.limits().messages().maxAnyMessageBytes() + (long) MIB + 1;
      byte[] header = {
        (byte) (FIN | TEXT),
        (byte) (0x80 | 127),
        0,
        0,
        0,
        0,
        (byte) (over >>> 24),
        (byte) (over >>> 16),
        (byte) (over >>> 8),
        (byte) over,
        0,
        0,
        0,
        0
      };
      client.socket.sendRaw(concat(header, new byte[4 * KIB]));
      closed(1009).run(client);
    };
  }

  /** {@code count} messages of {@code size} bytes in one write, answered one by one in order. */
  private static Step manyMessages(int count, int size) {
    return client -> {
      List<byte[]> frames = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        String type = String.format("%05d", i) + "m".repeat(size - 16);
        types.add(type);
        frames.add(ClientFrames.text(json(type)));
      }
      client.socket.sendRaw(concat(frames.toArray(byte[][]::new)));
      for (String type : types) {
        echoOf(type).run(client);
      }
      stillServing().run(client);
    };
  }

  // ---- messages ----

  private static String json(String type) {
    return "{\"type\":\"" + type + "\"}";
  }

  /** The type whose {@link #json} is {@code size} bytes (at least 12). */
  private static String typeOfSize(int size) {
    return "t".repeat(size - json("").length());
  }

  /** A masked text frame carrying {@link #messageText} of {@code size} bytes. */
  private static byte[] message(int size) {
    return frame(FIN | TEXT, messageText(size));
  }

  /** {@code {"type":"ttt..."}} of exactly {@code size} bytes. */
  private static byte[] messageText(int size) {
    return utf8(json(typeOfSize(size)));
  }

  private static String resultData(String callId, int size) {
    int overhead =
        utf8(ServerFixture.CODEC.encode(ToolResult.success(callId, TextNode.valueOf("")))).length;
    return "r".repeat(size - overhead);
  }

  /** {@code text} as fragments of {@code size} bytes: a text frame, then continuations. */
  private static byte[] fragments(String text, int size) {
    return fragments(utf8(text), size);
  }

  private static byte[] fragments(byte[] text, int size) {
    List<byte[]> frames = new ArrayList<>();
    for (int at = 0; at < text.length; at += size) {
      int to = Math.min(text.length, at + size);
      frames.add(
          frame(
              at == 0 ? TEXT : CONTINUATION, to == text.length, Arrays.copyOfRange(text, at, to)));
    }
    return concat(frames.toArray(byte[][]::new));
  }

  private static byte[] ping(byte[] payload) {
    return frame(FIN | PING, payload);
  }

  private static byte[] filled(int length) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) (0xfe - i);
    }
    return bytes;
  }

  private static String describe(RawWebSocket.Frame frame) {
    return "opcode "
        + frame.opcode()
        + " with "
        + new String(frame.payload(), java.nio.charset.StandardCharsets.UTF_8);
  }

  /** One row's connection: raw, or a provider bound with a tool of its own. */
  static final class Client implements AutoCloseable {
    final RawWebSocket socket;
    final RawProvider provider;
    final String tool;

    private Client(RawWebSocket socket, RawProvider provider, String tool) {
      this.socket = socket;
      this.provider = provider;
      this.tool = tool;
    }

    static Client connect(ServerFixture f) throws IOException {
      RawWebSocket socket = RawWebSocket.connect(f.port());
      assertThat(socket.status()).isEqualTo(101);
      return new Client(socket, null, null);
    }

    static Client bound(ServerFixture f) throws IOException {
      String name = "case-" + NAMES.incrementAndGet();
      RawWebSocket socket = RawWebSocket.connect(f.port());
      return new Client(socket, f.boundRaw(socket, name, name + "-tool"), name + "-tool");
    }

    /** The next frame the server sends, its own heartbeat pings answered and skipped. */
    RawWebSocket.Frame nextFrame() throws IOException {
      while (true) {
        RawWebSocket.Frame frame = socket.readFrame(WAIT);
        if (frame == null || frame.opcode() != PING) {
          return frame;
        }
        socket.sendRaw(ClientFrames.frame(FIN | PONG, frame.payload()));
      }
    }

    /** The next frame, which must be the gateway's {@code error}. */
    ErrorMessage nextError() throws IOException {
      RawWebSocket.Frame frame = nextFrame();
      assertThat(frame).as("an answer").isNotNull();
      assertThat(frame.opcode()).as("an answer, not %s", describe(frame)).isEqualTo(TEXT);
      GatewayMessage message =
          ServerFixture.CODEC
              .decodeGatewayMessage(
                  new String(frame.payload(), java.nio.charset.StandardCharsets.UTF_8))
              .messageOrNull();
      assertThat(message).isInstanceOf(ErrorMessage.class);
      return (ErrorMessage) message;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
