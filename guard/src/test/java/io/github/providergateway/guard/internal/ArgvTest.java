package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Word;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Argv}'s positionals: the arguments themselves when no option comes before the last of them
 * (no list made), a list of their own as soon as an option or {@code --} breaks the run.
 */
class ArgvTest {

  private static List<Word> words(String... texts) {
    return Arrays.stream(texts).map(Word::literal).toList();
  }

  private static List<String> positionals(Argv argv) {
    return argv.positionals().stream().map(Word::text).toList();
  }

  @Test
  void argumentsWithNoOptionAreThePositionalsThemselves() {
    List<Word> args = words("a", "b", "c");
    assertThat(Argv.of(args, "").positionals()).isSameAs(args);
  }

  @Test
  void leadingPositionalsBeforeTrailingOptionsAreThoseOnly() {
    Argv argv = Argv.of(words("a", "b", "-r"), "");
    assertThat(positionals(argv)).containsExactly("a", "b");
    assertThat(argv.has('r')).isTrue();
  }

  @Test
  void anOptionBetweenPositionalsIsLeftOutAndTheRestKeptInOrder() {
    Argv argv = Argv.of(words("a", "-r", "b", "--force", "c"), "");
    assertThat(positionals(argv)).containsExactly("a", "b", "c");
  }

  @Test
  void anOptionsValueIsNoPositional() {
    assertThat(positionals(Argv.of(words("-n", "5", "a"), "n"))).containsExactly("a");
    assertThat(positionals(Argv.of(words("a", "-n", "5", "b"), "n"))).containsExactly("a", "b");
    assertThat(positionals(Argv.of(words("a", "--target", "t", "b"), "", "target")))
        .containsExactly("a", "b");
  }

  @Test
  void afterADoubleDashEverythingIsPositional() {
    assertThat(positionals(Argv.of(words("--", "-rf", "x"), ""))).containsExactly("-rf", "x");
    assertThat(positionals(Argv.of(words("a", "--", "-b"), ""))).containsExactly("a", "-b");
  }

  @Test
  void optionsAloneHaveNoPositionals() {
    assertThat(Argv.of(words("-rf", "--verbose"), "").positionals()).isEmpty();
    assertThat(Argv.of(List.of(), "").positionals()).isEmpty();
  }
}
