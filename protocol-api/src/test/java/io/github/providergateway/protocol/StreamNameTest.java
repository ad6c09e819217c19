package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link StreamName}: {@code stream@provider}, with bare names belonging to the asker (arch 14).
 */
class StreamNameTest {

  @ParameterizedTest(name = "[{index}] \"{0}\" asked by {1} is {2}@{3}")
  @CsvSource({
    "ci-watch,            me, ci-watch,  me",
    "ci-watch@ci-watcher, me, ci-watch,  ci-watcher",
    "git-watch@guardian,  me, git-watch, guardian",
    "x@me,                me, x,         me",
    "x@,                  me, x,         me",
    "a@b@c,               me, a@b,       c",
    "@x,                  me, @x,        me",
    "@,                   me, @,         me",
    "@@,                  me, @,         me",
    "a@@b,                me, a@,        b",
    "'a b@c d',           me, a b,       c d",
  })
  void parseSplitsAtTheLastAt(String name, String own, String stream, String provider) {
    assertThat(StreamName.parse(name, own)).isEqualTo(new StreamName(stream, provider));
  }

  @Test
  void bareNameBelongsToTheAsker() {
    StreamName name = StreamName.parse("ci-watch", "ci-watcher");

    assertThat(name.isOwnedBy("ci-watcher")).isTrue();
    assertThat(name.isOwnedBy("guardian")).isFalse();
  }

  @Test
  void qualifiedNameBelongsToTheNamedProvider() {
    StreamName name = StreamName.parse("ci-watch@guardian", "ci-watcher");

    assertThat(name.isOwnedBy("guardian")).isTrue();
    assertThat(name.isOwnedBy("ci-watcher")).isFalse();
  }

  @Test
  void toStringIsTheFullName() {
    assertThat(StreamName.parse("ci-watch", "me")).hasToString("ci-watch@me");
  }

  @Test
  void emptyOrMissingPartsAreRejected() {
    assertThatThrownBy(() -> new StreamName("", "p")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StreamName("s", "")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StreamName(null, "p")).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> StreamName.parse("bare", null))
        .isInstanceOf(NullPointerException.class);
  }
}
