package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The book's syntax of listed places (PlaceGlobs): each form, and what it refuses. */
class PlaceGlobsTest {
  private static final Path HOME = Path.of("/home/user");

  @Test
  void aPathIsThatFileAndItsStarsStayWithinANameUnlessDoubled() {
    PlaceGlobs globs =
        new PlaceGlobs(
            List.of(
                "~/.aws/{credentials,sso}{,/**}", "/etc/{**/,}shadow", "~/.m2/**/settings.xml"));
    assertThat(holds(globs, "/home/user/.aws/credentials")).isTrue();
    assertThat(holds(globs, "/home/user/.aws/sso/cache/x.json")).isTrue();
    assertThat(holds(globs, "/home/user/.aws/config")).isFalse();
    assertThat(holds(globs, "/home/user/.aws/credentials.bak")).isFalse();
    assertThat(holds(globs, "/etc/shadow")).isTrue();
    assertThat(holds(globs, "/etc/backup/shadow")).isTrue();
    assertThat(holds(globs, "/var/etc/shadow")).isFalse();
    assertThat(holds(globs, "/home/user/.m2/settings.xml")).isTrue();
    assertThat(holds(globs, "/home/user/.m2/a/b/settings.xml")).isTrue();
    assertThat(holds(globs, "/home/user/.m2")).isFalse();
    assertThat(holds(globs, "/home/other/.aws/credentials")).isFalse();
  }

  @Test
  void aNameIsAFileAnywhereAndABangTakesBackOut() {
    PlaceGlobs globs =
        new PlaceGlobs(
            List.of(
                "id_rsa", "ssh_host_{key,*_key}", "~/.ssh{,/**}", "!~/.ssh/{config,*.pub}{,/**}"));
    assertThat(holds(globs, "/work/project/keys/id_rsa")).isTrue();
    assertThat(holds(globs, "/etc/ssh/ssh_host_key")).isTrue();
    assertThat(holds(globs, "/etc/ssh/ssh_host_ed25519_key")).isTrue();
    assertThat(holds(globs, "/home/user/.ssh/known")).isTrue();
    assertThat(holds(globs, "/home/user/.ssh/config")).isFalse();
    assertThat(holds(globs, "/home/user/.ssh/id_rsa.pub")).isFalse();
    assertThat(holds(globs, "/work/project/id_rsa.pub")).isFalse();
    assertThat(new PlaceGlobs(List.of("[Nn]u.[Cc]")).holds(HOME, Path.of("/x/nu.C"))).isTrue();
    assertThat(new PlaceGlobs(List.of("[Nn]u.[Cc]")).holds(HOME, Path.of("/x/nuxC"))).isFalse();
  }

  @Test
  void whatTheSyntaxCannotSayIsRefused() {
    assertThatThrownBy(() -> new PlaceGlobs(List.of("etc/hosts")))
        .hasMessage("a listed place is ~/…, /… or a name, not etc/hosts");
    assertThatThrownBy(() -> new PlaceGlobs(List.of("~/.x{a,b")))
        .hasMessage("a listed place has an unclosed '{': ~/.x{a,b");
    assertThatThrownBy(() -> new PlaceGlobs(List.of("~/.x/[a-z]")))
        .hasMessage("a listed place's [] holds letters only: ~/.x/[a-z]");
  }

  private static boolean holds(PlaceGlobs globs, String path) {
    return globs.holds(HOME, Path.of(path));
  }
}
