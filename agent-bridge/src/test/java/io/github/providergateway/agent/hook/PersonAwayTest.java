package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 321: whether the person is away, read from the home's {@code away.json} on a manual
 * clock: away before {@code until} and not at it, not away with no file, and away (fail closed)
 * when the file cannot be read, saying why.
 */
class PersonAwayTest {

  static final ZoneOffset PARIS_SUMMER = ZoneOffset.ofHours(2);
  static final OffsetDateTime SINCE = OffsetDateTime.of(2026, 4, 26, 13, 0, 0, 0, PARIS_SUMMER);
  static final OffsetDateTime UNTIL = OffsetDateTime.of(2026, 4, 26, 17, 30, 0, 0, PARIS_SUMMER);

  @TempDir Path home;

  /** 14:00Z is 16:00 in Paris: away since 13:00, until 17:30. */
  private final ManualClock clock = new ManualClock(Instant.parse("2026-04-26T14:00:00Z"));

  private void awayFile(String text) throws IOException {
    // As gateway away writes it: a draft moved over the file.
    Path draft = Files.writeString(home.resolve("away.json.tmp"), text);
    Files.move(draft, home.resolve(PersonAway.FILE), StandardCopyOption.ATOMIC_MOVE);
  }

  @Test
  void awayBeforeUntilAndNotFromIt() throws IOException {
    awayFile(PersonAway.text(SINCE, UNTIL));
    PersonAway person = PersonAway.of(home, clock);

    assertThat(person.now()).hasValueSatisfying(a -> assertThat(a.until()).isEqualTo(UNTIL));
    assertThat(person.now().get().unreadable()).isNull();
    assertThat(person.now().get().untilText(clock.instant())).isEqualTo("until 17:30");

    clock.advance(Duration.between(clock.instant(), UNTIL.toInstant()).minusMillis(1));
    assertThat(person.now()).as("one tick before until").isPresent();
    clock.advance(Duration.ofMillis(1));
    assertThat(person.now()).as("at until").isEmpty();
    assertThat(person.read()).as("the file still says it").isNotNull();
  }

  @Test
  void noFileIsNotAway() {
    assertThat(PersonAway.of(home, clock).now()).isEmpty();
    assertThat(PersonAway.of(home, clock).read()).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "not json",
        "[]",
        "{}",
        "{\"since\":\"2026-04-26T13:00:00+02:00\"}",
        "{\"since\":\"2026-04-26T13:00:00+02:00\",\"until\":\"half past five\"}",
        "{\"since\":\"2026-04-26T13:00:00+02:00\",\"until\":\"2026-04-26T17:30:00\"}",
        "{\"since\":\"2026-04-26T13:00:00+02:00\",\"until\":1777217400}",
        ""
      })
  void aFileThatCannotBeReadIsAwayFailClosed(String text) throws IOException {
    awayFile(text);

    assertThat(PersonAway.of(home, clock).now())
        .hasValueSatisfying(
            away -> {
              assertThat(away.unreadable()).contains(PersonAway.FILE);
              assertThat(away.until()).isNull();
              assertThat(away.untilText(clock.instant()))
                  .startsWith("(the gateway's away file cannot be read: ")
                  .endsWith("until gateway back");
            });
    clock.advance(Duration.ofDays(400));
    assertThat(PersonAway.of(home, clock).now()).as("until gateway back").isPresent();
  }

  @Test
  void aFolderOrAHugeFileInItsPlaceIsAway() throws IOException {
    Files.createDirectory(home.resolve(PersonAway.FILE));
    assertThat(PersonAway.of(home, clock).now().get().unreadable()).contains("not a regular file");

    Files.delete(home.resolve(PersonAway.FILE));
    awayFile(" ".repeat(PersonAway.MAX_BYTES) + PersonAway.text(SINCE, UNTIL));
    assertThat(PersonAway.of(home, clock).now().get().unreadable()).contains("more than");
  }

  @Test
  void aLinkInItsPlaceIsAwayNotFollowed() throws IOException {
    Path elsewhere = Files.writeString(home.resolve("elsewhere.json"), "{}");
    Files.createSymbolicLink(home.resolve(PersonAway.FILE), elsewhere);

    assertThat(PersonAway.of(home, clock).now().get().unreadable()).contains("not a regular file");
  }

  /** Read per decision by a stat: a new file is seen at once, a removed one too. */
  @Test
  void aNewStateIsSeenAtOnceAndARemovedOneToo() throws IOException {
    PersonAway person = PersonAway.of(home, clock);
    awayFile(PersonAway.text(SINCE, UNTIL));
    assertThat(person.now()).isPresent();

    awayFile(PersonAway.text(SINCE, SINCE.plusMinutes(30)));
    assertThat(person.now()).as("until 13:30, passed at 16:00").isEmpty();

    awayFile(PersonAway.text(SINCE, UNTIL.plusDays(1)));
    assertThat(person.now().get().untilText(clock.instant())).isEqualTo("until 2026-04-27 17:30");

    Files.delete(home.resolve(PersonAway.FILE));
    assertThat(person.now()).isEmpty();
  }

  @Test
  void theTextNeedsUntilAfterSince() {
    assertThatThrownBy(() -> PersonAway.text(UNTIL, SINCE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not after");
    assertThat(PersonAway.text(SINCE, UNTIL))
        .isEqualTo(
            "{\"since\":\"2026-04-26T13:00:00+02:00\",\"until\":\"2026-04-26T17:30:00+02:00\"}");
  }
}
