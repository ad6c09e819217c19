package io.github.providergateway.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server's frames, read back by a parser written from RFC 6455 §5.2. */
class FrameWriterTest {

  @Test
  void severalMessagesGoInOneArrayAsWholeTextFramesInOrder() {
    String small = "{\"type\":\"tool.result\"}";
    String medium = "m".repeat(300); // 16-bit length
    String large = "l".repeat(70_000); // 64-bit length

    byte[] frames = FrameWriter.texts(List.of(utf8(small), utf8(medium), utf8(large)));

    assertThat(parse(frames)).containsExactly(small, medium, large);
    assertThat(frames)
        .hasSize(
            FrameWriter.framedLength(small.length())
                + FrameWriter.framedLength(medium.length())
                + FrameWriter.framedLength(large.length()));
  }

  @Test
  void oneMessageIsTheSameFrameAsText() {
    byte[] message = utf8("{\"type\":\"ping\"}");

    assertThat(FrameWriter.texts(List.of(message))).isEqualTo(FrameWriter.text(message));
  }

  @Test
  void headerLengthsChangeAtTheRfcsBoundaries() {
    assertThat(FrameWriter.framedLength(125)).isEqualTo(2 + 125);
    assertThat(FrameWriter.framedLength(126)).isEqualTo(4 + 126);
    assertThat(FrameWriter.framedLength(0xFFFF)).isEqualTo(4 + 0xFFFF);
    assertThat(FrameWriter.framedLength(0x10000)).isEqualTo(10 + 0x10000);
  }

  /** Final, unmasked text frames, each one message. */
  private static List<String> parse(byte[] frames) {
    List<String> messages = new ArrayList<>();
    int at = 0;
    while (at < frames.length) {
      assertThat(frames[at] & 0xFF).as("FIN and the text opcode").isEqualTo(0x81);
      int length = frames[at + 1];
      assertThat(length & 0x80).as("a server never masks").isZero();
      at += 2;
      if (length == 126) {
        length = ((frames[at] & 0xFF) << 8) | (frames[at + 1] & 0xFF);
        at += 2;
      } else if (length == 127) {
        long value = 0;
        for (int i = 0; i < 8; i++) {
          value = (value << 8) | (frames[at + i] & 0xFF);
        }
        length = (int) value;
        at += 8;
      }
      messages.add(new String(frames, at, length, StandardCharsets.UTF_8));
      at += length;
    }
    return messages;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
