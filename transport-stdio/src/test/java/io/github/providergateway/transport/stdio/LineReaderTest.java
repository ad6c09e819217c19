package io.github.providergateway.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A child's stdout as lines, within the line bound (X-STDIO-05). */
class LineReaderTest {

  private static LineReader reader(String text, int maxLineBytes) {
    return new LineReader(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), maxLineBytes);
  }

  private static List<String> all(LineReader reader) throws IOException {
    List<String> lines = new ArrayList<>();
    String line;
    while ((line = reader.next()) != null) {
      lines.add(line);
    }
    return lines;
  }

  @Test
  void linesComeWithoutTheirTerminatorsAndACarriageReturnIsDropped() throws IOException {
    assertThat(all(reader("{\"a\":1}\n{\"b\":2}\r\n", 100)))
        .containsExactly("{\"a\":1}", "{\"b\":2}");
  }

  @Test
  void blankLinesAreSkippedAndTheLastLineNeedsNoTerminator() throws IOException {
    assertThat(all(reader("\n  \n{\"a\":1}\n\t\r\n{\"b\":2}", 100)))
        .containsExactly("{\"a\":1}", "{\"b\":2}");
  }

  @Test
  void aLineOfExactlyTheBoundPassesAndOneByteMoreIsTooLong() throws IOException {
    String exact = "x".repeat(100);

    assertThat(all(reader(exact + "\n", 100))).containsExactly(exact);
    LineReader over = reader("ok\n" + exact + "x\nnever read\n", 100);
    assertThat(over.next()).isEqualTo("ok");
    assertThatThrownBy(over::next).isInstanceOf(LineReader.TooLong.class);
  }

  @Test
  void bytesThatAreNotUtf8AreReadAsReplacementCharacters() throws IOException {
    byte[] text = {'{', '"', (byte) 0xff, '"', '}', '\n'};

    assertThat(new LineReader(new ByteArrayInputStream(text), 100).next())
        .isEqualTo("{\"\uFFFD\"}");
  }

  @Test
  void multiByteCharactersSplitAcrossReadsStayWhole() throws IOException {
    String text = "é".repeat(70_000) + "\n";

    assertThat(reader(text, 200_000).next()).isEqualTo("é".repeat(70_000));
  }

  @Test
  void anEndlessLineIsRefusedHavingReadNoMoreThanTheBoundAndOneChunk() {
    int[] served = {0};
    InputStream endless =
        new InputStream() {
          @Override
          public int read() {
            served[0]++;
            return 'x';
          }

          @Override
          public int read(byte[] buffer, int offset, int length) {
            java.util.Arrays.fill(buffer, offset, offset + length, (byte) 'x');
            served[0] += length;
            return length;
          }
        };
    int bound = 1 << 20;

    assertThatThrownBy(() -> new LineReader(endless, bound).next())
        .isInstanceOf(LineReader.TooLong.class);
    assertThat(served[0]).isLessThanOrEqualTo(bound + (64 << 10));
  }
}
