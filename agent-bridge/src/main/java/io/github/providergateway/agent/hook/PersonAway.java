package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the person is away (issue 80, decision 321): {@code gateway away} wrote {@value #FILE} in
 * the gateway's home, {@code {"since": ISO-8601, "until": ISO-8601}}, and {@code gateway back}
 * removes it. While the person is away every agent is answered as one that cannot ask ({@link
 * AwayAnswer}): a question becomes a deny that names it and says the call is kept for their return.
 *
 * <ul>
 *   <li>No file: not away.
 *   <li>A file whose {@code until} has passed (by the clock given): not away.
 *   <li>A file that cannot be read or parsed (not a regular file, too large, not JSON, a field
 *       missing or no time): away, until {@code gateway back} removes it, with {@link
 *       Away#unreadable} saying why. Fail closed: it only makes the guard stricter.
 * </ul>
 *
 * <p>Asked once per decision, it costs one stat of the file: what it says is read again only when
 * the file's modification time, size or identity changed ({@code gateway away} replaces the file by
 * a move, so its identity changes with every write). Thread-safe.
 */
public final class PersonAway {

  /** The file's name in the gateway's home. */
  public static final String FILE = "away.json";

  /** The code of an audit record of a call denied because the person is away. */
  public static final String CODE = "PERSON_AWAY";

  /** The most a file of two times may hold; a larger one is no file {@code gateway away} wrote. */
  static final int MAX_BYTES = 4096;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The person away, as the file says.
   *
   * @param since when they went away; null when the file could not be read
   * @param until when they said they would be back, in the offset they said it in; null when the
   *     file could not be read (away until {@code gateway back})
   * @param unreadable why the file could not be read, or null when it was
   */
  public record Away(OffsetDateTime since, OffsetDateTime until, String unreadable) {

    /** The time of day, or the day and time, a person reads {@link #until} as. */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private static final DateTimeFormatter DAY_AND_TIME =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /**
     * Checks that the file was read, or says why not.
     *
     * @param since when they went away, or null when unreadable
     * @param until when they will be back, or null when unreadable
     * @param unreadable why the file could not be read, or null
     * @throws IllegalArgumentException when neither both times nor a reason are given
     */
    public Away {
      if (unreadable == null && (since == null || until == null)) {
        throw new IllegalArgumentException("an away state read has both since and until");
      }
    }

    /**
     * {@return until when, as the messages say it: {@code until 17:30} on the day of {@code now},
     * {@code until 2026-05-05 09:00} on another, in the offset the person gave; {@code (the away
     * file cannot be read: …) until gateway back} when unreadable}
     *
     * @param now the time it is said at
     */
    public String untilText(Instant now) {
      if (unreadable != null) {
        return "(the gateway's away file cannot be read: " + unreadable + ") until gateway back";
      }
      boolean today = until.toLocalDate().equals(now.atOffset(until.getOffset()).toLocalDate());
      return "until " + (today ? TIME : DAY_AND_TIME).format(until);
    }
  }

  /** What a stat of the file found and what the file said then. */
  private record Reading(Object key, Instant modified, long size, Away away) {}

  private final Path file;
  private final Clock clock;

  /** The last reading of the file, replaced whole; null before the first or with no file. */
  private volatile Reading last;

  private PersonAway(Path file, Clock clock) {
    this.file = file;
    this.clock = clock;
  }

  /**
   * The person of the gateway home {@code home}, by {@code clock}.
   *
   * @param home the gateway's home, which holds {@value #FILE} while the person is away
   * @param clock what says whether {@code until} has passed
   * @return the reader; it reads nothing until asked
   */
  public static PersonAway of(Path home, Clock clock) {
    return new PersonAway(
        requireNonNull(home, "home").resolve(FILE), requireNonNull(clock, "clock"));
  }

  /**
   * {@return whether the person is away now, and until when: empty when not (no file, or its {@code
   * until} has passed); present when away, or when the file cannot be read (fail closed)}
   */
  public Optional<Away> now() {
    Away away = read();
    if (away == null) {
      return Optional.empty();
    }
    if (away.unreadable() == null && !clock.instant().isBefore(away.until().toInstant())) {
      return Optional.empty();
    }
    return Optional.of(away);
  }

  /**
   * {@return what the file says, whether or not its time has passed: null with no file}
   *
   * <p>For {@code gateway back}, which lists what was held from {@code since}, and the status line.
   */
  public Away read() {
    BasicFileAttributes stat;
    try {
      stat = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException none) {
      last = null;
      return null;
    } catch (IOException | RuntimeException e) {
      return new Away(null, null, "it cannot be looked at (" + e.getMessage() + ")");
    }
    Reading seen = last;
    Object key = stat.fileKey();
    Instant modified = stat.lastModifiedTime().toInstant();
    if (seen != null
        && key != null
        && Objects.equals(seen.key(), key)
        && seen.modified().equals(modified)
        && seen.size() == stat.size()) {
      return seen.away();
    }
    Away away = parse(stat);
    last = new Reading(key, modified, stat.size(), away);
    return away;
  }

  /** What the file of {@code stat} says; an {@link Away#unreadable} one when it cannot be read. */
  private Away parse(BasicFileAttributes stat) {
    if (!stat.isRegularFile()) {
      return new Away(null, null, file + " is not a regular file");
    }
    byte[] bytes;
    try (InputStream in =
        Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException | RuntimeException e) {
      return new Away(null, null, file + " cannot be read (" + e.getMessage() + ")");
    }
    if (bytes.length > MAX_BYTES) {
      return new Away(null, null, file + " holds more than " + MAX_BYTES + " bytes");
    }
    try {
      JsonNode json = JSON.readTree(bytes);
      if (json == null || !json.isObject()) {
        return new Away(null, null, file + " holds no JSON object");
      }
      return new Away(time(json, "since"), time(json, "until"), null);
    } catch (IOException e) {
      return new Away(null, null, file + " is not JSON");
    } catch (IllegalArgumentException e) {
      return new Away(null, null, file + ": " + e.getMessage());
    }
  }

  /** {@code json}'s {@code field}, an ISO-8601 time with its offset. */
  private static OffsetDateTime time(JsonNode json, String field) {
    JsonNode value = json.get(field);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException("no '" + field + "' time");
    }
    try {
      return OffsetDateTime.parse(value.textValue());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + field + "' is no ISO-8601 time with an offset: " + value.textValue());
    }
  }

  /**
   * The file's text for the person away from {@code since} to {@code until}: what {@code gateway
   * away} writes and {@link #read} reads back.
   *
   * @param since when they go away
   * @param until when they will be back, after {@code since}
   * @return the JSON text, one line
   * @throws IllegalArgumentException when {@code until} is not after {@code since}
   */
  public static String text(OffsetDateTime since, OffsetDateTime until) {
    if (!until.isAfter(since)) {
      throw new IllegalArgumentException(
          "until (" + until + ") is not after since (" + since + ")");
    }
    return JSON.createObjectNode()
        .put("since", since.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
        .put("until", until.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
        .toString();
  }
}
