package io.github.providergateway.app.console;

import static io.github.providergateway.host.testing.FakeHeldGates.CI_DENY;
import static io.github.providergateway.host.testing.FakeHeldGates.CI_GREEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.testing.FakeHeldGates;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The console's {@code gates} and {@code gates release}: what a person reads about the gates held
 * while their provider is away, and how a release is typed (issue 43).
 */
class GateCommandsTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ConsoleOut out = new ConsoleOut(printed);

  private GateCommands over(FakeHeldGates record) {
    return new GateCommands(out::say, record, "gates release", Path.of("/code"));
  }

  private String printed() {
    out.finish();
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void gatesListsEachHeldGateWithItsProviderProjectSinceAndWhyAndHowToReleaseIt() {
    over(new FakeHeldGates(CI_GREEN, CI_DENY)).console("");

    assertThat(printed())
        .isEqualTo(
            """
            Held gates (in force although their provider is not bound):
              ci-guard  gate ci-green  project /code/alpha  since 2026-11-26T07:30:16Z  (the gateway crashed)
              ci-guard  static deny    project /code/beta  since 1970-01-01T00:00:00Z  (the gateway was stopped)
            Each blocks what it blocked in its project until its provider binds there again. \
            For a provider gone for good: 'gates release PROVIDER [GATE] [--project DIR]'.
            """);
  }

  @Test
  void gatesSaysNoneWhenNoneIsHeld() {
    over(new FakeHeldGates()).console("");

    assertThat(printed())
        .isEqualTo("Held gates: none (every gate in force is a bound provider's).\n");
  }

  @Test
  void gatesReleaseReleasesAProvidersGateAndSaysWhatWasReleased() {
    FakeHeldGates record = new FakeHeldGates(CI_GREEN, CI_DENY);

    over(record).console("release ci-guard ci-green");

    assertThat(record.releases())
        .containsExactly(new FakeHeldGates.Release("ci-guard", "ci-green", null));
    assertThat(printed())
        .isEqualTo(
            """
            Released 1 held gate (no longer in force):
              ci-guard  gate ci-green  project /code/alpha  since 2026-11-26T07:30:16Z  (the gateway crashed)
            """);
  }

  @Test
  void aReleasesProjectIsTakenFromTheWorkingDirectoryWhenRelativeInEitherSpelling() {
    FakeHeldGates record = new FakeHeldGates(CI_GREEN, CI_DENY);

    over(record).console("release ci-guard --project beta/../beta");
    over(record).console("release ci-guard --project=/code/alpha/");

    assertThat(record.releases())
        .containsExactly(
            new FakeHeldGates.Release("ci-guard", null, "/code/beta"),
            new FakeHeldGates.Release("ci-guard", null, "/code/alpha"));
    assertThat(printed()).contains("Released 1 held gate").doesNotContain("No held gate");
  }

  @Test
  void aReleaseThatMatchesNothingSaysSoAndWhatIsHeld() {
    FakeHeldGates record = new FakeHeldGates(CI_DENY);

    boolean released = over(record).release("ci-guard", "ci-green", "/code/beta");

    assertThat(released).isFalse();
    assertThat(printed())
        .isEqualTo(
            """
            No held gate matches provider ci-guard, gate ci-green, project /code/beta.
            Held gates (in force although their provider is not bound):
              ci-guard  static deny  project /code/beta  since 1970-01-01T00:00:00Z  (the gateway was stopped)
            """);
  }

  @Test
  void aReleaseTypedWrongSaysHowItIsTypedAndReleasesNothing() {
    FakeHeldGates record = new FakeHeldGates(CI_GREEN);
    GateCommands gates = over(record);

    for (String typed :
        new String[] {
          "release",
          "release --project /code",
          "release ci-guard ci-green extra",
          "release ci-guard --project",
          "release ci-guard --project=",
          "release ci-guard --force",
          "release ci-guard --project /a --project /b"
        }) {
      assertThatThrownBy(() -> gates.console(typed))
          .as(typed)
          .isInstanceOf(CommandFailed.class)
          .hasMessageContaining("usage: gates release PROVIDER [GATE] [--project DIR]");
    }
    assertThatThrownBy(() -> gates.console("drop ci-guard"))
        .isInstanceOf(CommandFailed.class)
        .hasMessage(
            "gates takes nothing (the held gates), or 'release PROVIDER [GATE] [--project DIR]';"
                + " was 'drop ci-guard'");
    assertThat(record.releases()).isEmpty();
  }

  @Test
  void namesAndReasonsFromTheRecordShowHiddenCharactersOnlyAsEscapes() {
    // The gate id is the provider's free text; a right-to-left override could fake the line.
    HeldGate sneaky =
        new HeldGate("ci\u202E", "ok\u001B[2K", "/code/\u200Bx", Instant.EPOCH, "why\u0007");

    over(new FakeHeldGates(sneaky)).console("");

    assertThat(printed())
        .contains("ci\\u202E  gate ok\\u001B[2K  project /code/\\u200Bx", "(why\\u0007)")
        .doesNotContain("\u202E", "\u001B", "\u200B", "\u0007");
  }
}
