package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What printf and echo -e write, as bash writes it (checked on bash 5). */
class PrintfFormatTest {

  private static String printf(String... args) {
    return PrintfFormat.print(List.of(args));
  }

  @Test
  void theFormatsGrammarIsRead() {
    assertThat(
            printf(
                "%.2s|%5.3s|%-4s|%c|%*s|%.*s", "rmdir", "abcdef", "ab", "rx", "3", "a", "2", "xyz"))
        .isEqualTo("rm|  abc|ab  |r|  a|xy");
    assertThat(printf("%s-", "a", "b", "c")).isEqualTo("a-b-c-");
    assertThat(printf("%s %s\n", "a", "b", "c")).isEqualTo("a b\nc \n");
    assertThat(printf("%s", "r", "m")).isEqualTo("rm");
    assertThat(printf("--", "--force")).isEqualTo("--force");
    assertThat(printf("%d|%05d", "5", "42")).isEqualTo("5|00042");
  }

  @Test
  void escapesDifferBetweenTheFormatAndPercentB() {
    assertThat(printf("\\0162")).isEqualTo("\u000e2");
    assertThat(printf("%b%b", "\\0162", "\\0155")).isEqualTo("rm");
    assertThat(printf("%b", "\\162\\x6d")).isEqualTo("rm");
    assertThat(printf("x%b y", "a\\cb")).isEqualTo("xa");
    assertThat(PrintfFormat.echo("\\0162\\0155\\162", new boolean[1])).isEqualTo("rm\\162");
  }

  @Test
  void whatItDoesNotModelIsUnknown() {
    assertThat(printf("%q", "a b")).isNull();
    assertThat(printf("-v", "x", "rm")).isNull();
    assertThat(printf("%d", "x")).isNull();
  }
}
