package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.app.home.HookSpool;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.host.api.AuditFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The calls held for the person while they were away (decision 321): the {@code pre_tool_use}
 * denies of code {@value PersonAway#CODE} in a span of time, read from the home's audit trail (what
 * a gateway's hooks denied, and the command hook's records a gateway has since taken) and from the
 * command hook's spool ({@link HookSpool}: what it denied with no gateway, or with one, not yet
 * taken into the trail). What {@code gateway back} lists.
 */
public final class HeldCalls {

  /**
   * One held call.
   *
   * @param time when it was denied
   * @param agent the agent whose call it was ({@code claude}), or {@code -} when the record names
   *     none
   * @param tool the tool as the gateway names it ({@code shell}, {@code edit})
   * @param reason the call, shortened, and the question it would have put to the person
   */
  public record Held(Instant time, String agent, String tool, String reason) {}

  private HeldCalls() {}

  /**
   * The calls held from {@code since} to {@code until}, both included, oldest first.
   *
   * @param logDir the home's {@code logs/}, which holds the trail and the spool
   * @param since when the person went away
   * @param until when they came back
   * @return the calls; none when nothing was held (or there is no trail yet)
   * @throws IOException when a file of the trail or the spool cannot be read
   */
  public static List<Held> between(Path logDir, Instant since, Instant until) throws IOException {
    List<Held> held = inTrail(logDir, since, until);
    held.addAll(inSpool(logDir, since, until));
    held.sort(Comparator.comparing(Held::time));
    return held;
  }

  /**
   * The calls held from {@code since} to {@code until}, both included, in the home's audit trail
   * only, oldest first.
   *
   * @throws IOException when a file of the trail cannot be read
   */
  public static List<Held> inTrail(Path logDir, Instant since, Instant until) throws IOException {
    List<Held> held = new ArrayList<>();
    AuditTrailFiles trail = new AuditTrailFiles(logDir);
    if (trail.exists()) {
      for (JsonNode record :
          trail.read(
              new AuditFilter(null, null, null, "pre_tool_use", null, since, Integer.MAX_VALUE))) {
        Instant time = timeOf(record);
        if (PersonAway.CODE.equals(record.path("code").asText(null))
            && time != null
            && !time.isAfter(until)) {
          held.add(
              new Held(
                  time,
                  record.path("agent").asText("-"),
                  record.path("tool").asText(""),
                  record.path("reason").asText("")));
        }
      }
    }
    return held;
  }

  /**
   * The calls held from {@code since} to {@code until}, both included, that the command hook keeps
   * in its spool, not yet taken into the trail, in the spool's order.
   *
   * @throws IOException when the spool cannot be read
   */
  public static List<Held> inSpool(Path logDir, Instant since, Instant until) throws IOException {
    List<Held> held = new ArrayList<>();
    for (Decision record : HookSpool.waiting(logDir)) {
      if (PersonAway.CODE.equals(record.code())
          && !record.time().isBefore(since)
          && !record.time().isAfter(until)) {
        held.add(
            new Held(
                record.time(),
                record.agent() == null ? "-" : record.agent(),
                record.tool() == null ? "" : record.tool(),
                record.reason() == null ? "" : record.reason()));
      }
    }
    return held;
  }

  /**
   * When the person went away, as {@code away} (read from the home's {@code file}) says, or, when
   * it cannot be read, when the file was last written (the earliest the state it holds can have
   * begun), else the beginning of time: where the calls held for them begin.
   */
  public static Instant since(PersonAway.Away away, Path file) {
    if (away.since() != null) {
      return away.since().toInstant();
    }
    try {
      return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
    } catch (IOException | RuntimeException e) {
      return Instant.EPOCH;
    }
  }

  private static Instant timeOf(JsonNode record) {
    try {
      return Instant.parse(record.path("time").asText());
    } catch (DateTimeParseException noTime) {
      return null;
    }
  }
}
