package io.github.providergateway.app.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.guard.SessionFlowsFile;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's record of what sessions have seen across a restart (issue 65): written after a
 * change and at the close, read at the next start, so a renewed session goes on with its past; a
 * file that cannot be read is a problem, and new sessions start unknown for {@link
 * KeptSessionFlows#UNKNOWN_FOR}. The status page's lines come from the same record.
 */
class KeptSessionFlowsTest {
  private static final CallFlow FETCH =
      new CallFlow("WebFetch of https://blog.example.net/", null, List.of(), Map.of());

  @TempDir Path temp;
  private final ManualClock clock = new ManualClock();
  private final List<String> problems = new ArrayList<>();

  private Path home() throws IOException {
    return Files.createDirectory(
        temp.resolve("home"),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  @Test
  void aSessionRenewedUnderItsIdAfterARestartGoesOnWithItsPast() throws IOException {
    Path home = home();
    try (KeptSessionFlows first =
        KeptSessionFlows.open(home, clock, Runnable::run, problems::add)) {
      first
          .flows()
          .allowed(
              SessionFlows.sessionKey("s1"),
              Path.of("/code/shop"),
              "WebFetch",
              new ObjectMapper().readTree("{\"url\":\"https://blog.example.net/\"}"),
              FETCH);
      assertThat(home.resolve(SessionFlowsFile.NAME)).as("written after the change").exists();
    }

    try (KeptSessionFlows second =
        KeptSessionFlows.open(home, clock, Runnable::run, problems::add)) {
      assertThat(second.flows().past(SessionFlows.sessionKey("s1"), null).sawUntrusted()).isTrue();
      assertThat(FlowNotes.of(second.flows(), "s1"))
          .anyMatch(line -> line.contains("took in untrusted content (1×)"))
          .anyMatch(line -> line.contains("WebFetch at "));
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void anUnreadableFileIsAProblemAndNewSessionsStartUnknownForAWhile() throws IOException {
    Path home = home();
    Path file = home.resolve(SessionFlowsFile.NAME);
    Files.writeString(file, "not json");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));

    try (KeptSessionFlows kept = KeptSessionFlows.open(home, clock, Runnable::run, problems::add)) {
      assertThat(problems).singleElement().asString().contains(SessionFlowsFile.NAME);
      assertThat(kept.flows().past(SessionFlows.sessionKey("s1"), null).unknown())
          .contains("could not read");
      clock.advance(KeptSessionFlows.UNKNOWN_FOR.plus(Duration.ofSeconds(1)));
      assertThat(kept.flows().past(SessionFlows.sessionKey("s2"), null).unknown()).isNull();
    }
  }
}
