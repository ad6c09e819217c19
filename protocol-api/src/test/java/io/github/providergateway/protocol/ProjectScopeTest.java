package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link ProjectScope}: which folders a session's project holds (X-PROJECT-01 .. -03). */
class ProjectScopeTest {

  private static final String HOME = "/home/me";

  @ParameterizedTest(name = "{0} holds {1}: {2}")
  @CsvSource({
    "/home/me/p, /home/me/p, true",
    "/home/me/p, /home/me/p/examples/node, true",
    "/home/me/p/, /home/me/p/sub/, true",
    "/home/me/p, /home/me/p/../p/sub, true",
    "/home/me/p, /home/me/pq, false",
    "/home/me/p, /home/me, false",
    "/home/me/p/sub, /home/me/p, false",
    // The home, a folder above it and / hold only themselves: a console in ~ swallows nothing.
    "/home/me, /home/me, true",
    "/home/me, /home/me/p, false",
    "/home, /home/me/p, false",
    "/, /, true",
    "/, /tmp, false",
    // Beside the home, a project holds its folders as any other.
    "/tmp/work, /tmp/work/a/b, true",
    "/srv, /srv/app, true",
  })
  void aProjectHoldsItselfAndTheFoldersBelowIt(String project, String dir, boolean held) {
    assertThat(ProjectScope.holds(project, dir, HOME)).isEqualTo(held);
  }

  @Test
  void withoutAKnownHomeOnlySlashHoldsOnlyItself() {
    assertThat(ProjectScope.holds("/home/me", "/home/me/p", null)).isTrue();
    assertThat(ProjectScope.holds("/", "/home/me/p", null)).isFalse();
  }

  @Test
  void nothingIsHeldByOrHoldsAMissingPath() {
    assertThat(ProjectScope.holds(null, "/a", HOME)).isFalse();
    assertThat(ProjectScope.holds("/a", null, HOME)).isFalse();
    assertThat(ProjectScope.holds("", "/a", HOME)).isFalse();
    assertThat(ProjectScope.holds("/a\0b", "/a", HOME)).isFalse();
    assertThat(ProjectScope.holdsOnlyItself(null, HOME)).isTrue();
  }

  @Test
  void theDeepestProjectsHoldingAFolderAreItsInTheOrderGiven() {
    record S(String name, String cwd) {}
    List<S> sessions =
        List.of(
            new S("outer", "/home/me/p"),
            new S("console", "/home/me"),
            new S("inner-1", "/home/me/p/sub"),
            new S("other", "/home/me/q"),
            new S("inner-2", "/home/me/p/sub/"));
    assertThat(ProjectScope.deepest(sessions, S::cwd, "/home/me/p/sub/x", HOME))
        .extracting(S::name)
        .containsExactly("inner-1", "inner-2");
    assertThat(ProjectScope.deepest(sessions, S::cwd, "/home/me/p/other", HOME))
        .extracting(S::name)
        .containsExactly("outer");
    assertThat(ProjectScope.deepest(sessions, S::cwd, "/home/me", HOME))
        .extracting(S::name)
        .containsExactly("console");
    assertThat(ProjectScope.deepest(sessions, S::cwd, "/home/me/r", HOME)).isEmpty();
  }
}
