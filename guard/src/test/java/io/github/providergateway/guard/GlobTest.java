package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.providergateway.guard.internal.Glob;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The plain rules' glob: linear, whatever the pattern. */
class GlobTest {

  @Test
  void aPathStarStaysInOneFolderAndADoubleStarCrossesThem() {
    assertThat(Glob.path("/srv/*.yml").matches("/srv/a.yml")).isTrue();
    assertThat(Glob.path("/srv/*.yml").matches("/srv/x/a.yml")).isFalse();
    assertThat(Glob.path("/srv/**").matches("/srv/x/y/a.yml")).isTrue();
    assertThat(Glob.path("**/secrets/**").matches("/home/ada/app/secrets/db.yml")).isTrue();
    assertThat(Glob.path("**/secrets/**").matches("/home/ada/app/secretsauce/db.yml")).isFalse();
    assertThat(Glob.path("a/**/b").matches("a/b")).isTrue();
    assertThat(Glob.path("a/**/b").matches("a/x/y/b")).isTrue();
    assertThat(Glob.path("file?.txt").matches("file1.txt")).isTrue();
    assertThat(Glob.path("file?.txt").matches("file/.txt")).isFalse();
  }

  @Test
  void aTextStarMatchesAnything() {
    assertThat(Glob.text("git*push*").matches("git\tpush")).isTrue();
    assertThat(Glob.text("prod*").matches("prod/eu")).isTrue();
    assertThat(Glob.text("prod*").matches("staging")).isFalse();
    assertThat(Glob.text("a\\*b").matches("a*b")).isTrue();
    assertThat(Glob.text("a\\*b").matches("axb")).isFalse();
    assertThat(Glob.text("").matches("")).isTrue();
  }

  @Test
  void aPathologicalPatternIsLinearNotExponential() {
    // A backtracking matcher takes exponential time here; the set of positions does not.
    Glob glob = Glob.text("a*".repeat(500) + "b");
    String text = "a".repeat(5_000);
    assertTimeoutPreemptively(
        Duration.ofSeconds(20), () -> assertThat(glob.matches(text)).isFalse());
  }

  @Test
  void aPatternIsBounded() {
    assertThatThrownBy(() -> Glob.text("x".repeat(1025)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("over 1024");
  }
}
