package io.github.providergateway.app.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What stopped trainings leave (issue 76: 268 MiB of drafts and scratch homes with token headers
 * after twenty minutes of starts), removed at the next start by the pid each name holds and by age,
 * on a manual clock and a table of live pids: no process is started or killed.
 */
class TrainingLeftoversTest {

  private static final Instant NOW = Instant.parse("2026-11-29T04:00:00Z");

  @TempDir Path dir;
  @TempDir Path tmp;

  private final ManualClock clock = new ManualClock(NOW);
  private final Set<Long> alive = new HashSet<>();
  private final TrainingLeftovers leftovers = new TrainingLeftovers(clock, alive::contains);

  @Test
  void theDraftsConfigsAndScratchHomesOfTrainingsThatAreGoneAreRemoved() throws Exception {
    Path draft = file("provider-gateway-0123456789abcdef.jsa.4001");
    Path config = file("provider-gateway-0123456789abcdef.aot.4001.config");
    Path scratch = Files.createDirectories(dir.resolve("training.4001/logs"));
    Files.writeString(dir.resolve("training.4001/mcp-bridge.token.header"), "secret");

    leftovers.clean(dir, tmp);

    assertThat(draft).doesNotExist();
    assertThat(config).doesNotExist();
    assertThat(scratch.getParent()).doesNotExist();
  }

  @Test
  void aTrainingThatRunsKeepsItsFilesUntilItIsOlderThanAnyTrainingCanBe() throws Exception {
    alive.add(4002L);
    Path draft = file("provider-gateway-0123456789abcdef-12345-agents.aot.4002");
    Path scratch = Files.createDirectory(dir.resolve("training.4002"));
    touch(scratch, NOW);

    clock.advance(TrainingLeftovers.STALE);
    leftovers.clean(dir, tmp);
    assertThat(draft).exists();
    assertThat(scratch).exists();

    // Its pid now another process's, long after any training's deadline.
    clock.advance(Duration.ofMillis(1));
    leftovers.clean(dir, tmp);
    assertThat(draft).doesNotExist();
    assertThat(scratch).doesNotExist();
  }

  @Test
  void whatIsNotATrainingsIsLeftAlone() throws Exception {
    Path copy = file("provider-gateway-0123456789abcdef.jar");
    Path cache = file("provider-gateway-0123456789abcdef.jsa");
    Path lock =
        Files.createDirectory(dir.resolve("provider-gateway-0123456789abcdef.jsa.training"));
    Path theirs = file("training.notes");

    clock.advance(Duration.ofDays(30));
    leftovers.clean(dir, tmp);

    assertThat(copy).exists();
    assertThat(cache).exists();
    assertThat(lock).exists();
    assertThat(theirs).exists();
  }

  @Test
  void theScratchHomesEarlierVersionsMadeInTheTemporaryFolderGoOnceNoTrainingCanUseThem()
      throws Exception {
    Path old = Files.createDirectories(tmp.resolve("provider-gateway-training-123/logs"));
    Files.writeString(old.resolveSibling("mcp-bridge.token.header"), "Authorization: Bearer x");
    Path other = Files.createDirectory(tmp.resolve("someone-else-123"));
    touch(old.getParent(), NOW);

    clock.advance(TrainingLeftovers.STALE);
    leftovers.clean(dir, tmp);
    assertThat(old.getParent()).exists();

    clock.advance(Duration.ofMillis(1));
    leftovers.clean(dir, tmp);
    assertThat(old.getParent()).doesNotExist();
    assertThat(other).exists();
  }

  @Test
  void aLockIsHeldWhileItsTrainingLivesAndNeverByATrainingThatIsGone() throws Exception {
    Path lock = Files.createDirectory(dir.resolve("provider-gateway-x.jsa.training"));
    touch(lock, NOW);
    Files.writeString(lock.resolve("pid"), "4003");
    touch(lock, NOW);

    assertThat(leftovers.held(lock)).as("its training is gone").isFalse();

    alive.add(4003L);
    assertThat(leftovers.held(lock)).isTrue();

    clock.advance(TrainingLeftovers.STALE.plusMillis(1));
    assertThat(leftovers.held(lock)).as("older than any training: its pid is another's").isFalse();
  }

  @Test
  void aLockWithoutItsPidYetIsHeldForAMinuteTheTimeItsStarterTakesToWriteIt() throws Exception {
    Path lock = Files.createDirectory(dir.resolve("provider-gateway-x.jsa.training"));
    touch(lock, NOW);

    clock.advance(Duration.ofMinutes(1));
    assertThat(leftovers.held(lock)).isTrue();

    clock.advance(Duration.ofMillis(1));
    assertThat(leftovers.held(lock)).isFalse();
    assertThat(leftovers.held(dir.resolve("no-such.training"))).isFalse();
  }

  private Path file(String name) throws Exception {
    Path file = Files.writeString(dir.resolve(name), name);
    touch(file, NOW);
    return file;
  }

  private static void touch(Path file, Instant when) throws Exception {
    Files.setLastModifiedTime(file, FileTime.from(when));
  }
}
