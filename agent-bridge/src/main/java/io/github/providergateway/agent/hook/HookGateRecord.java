package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.SessionHookRule;
import io.github.providergateway.host.client.SafeFiles;
import io.github.providergateway.host.client.UnsafeFileException;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code <home>/hook-gates.json}: the blocking {@code onPreToolUse} rules (gates and static denies)
 * in force in each session of the gateway serving a home, with each session's working directory.
 * The gateway keeps it up to date ({@link HookGateRecorder}); a hook adapter that finds no gateway
 * answering reads it to follow each gate's fail-closed or fail-open setting (spec: Gate timeout
 * behavior). Context rules are left out: they never block.
 *
 * <pre>{@code
 * {"version":1,"sessions":[{"sessionId":"s-1","label":"claude-code","cwd":"/work/repo",
 *   "rules":[{"provider":"ci-guard","action":"gate","gateId":"ci-green","failOpen":false,
 *             "match":{"tool":"shell","args":"git push"}}]}]}
 * }</pre>
 */
public final class HookGateRecord {

  /** The record's name in the gateway's home. */
  public static final String FILE_NAME = "hook-gates.json";

  private static final int VERSION = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  private HookGateRecord() {}

  /**
   * One session's blocking rules, in the gateway's evaluation order.
   *
   * @param sessionId the gateway's id of the session
   * @param label the session's label, which names the agent; may be null
   * @param cwd the session's working directory, how a hook finds its session; may be null
   * @param rules the session's blocking rules, in evaluation order
   */
  public record Entry(String sessionId, String label, String cwd, List<SessionHookRule> rules) {
    /**
     * Checks and copies the entry.
     *
     * @param sessionId the gateway's id of the session
     * @param label the session's label, which names the agent; may be null
     * @param cwd the session's working directory, how a hook finds its session; may be null
     * @param rules the session's blocking rules, in evaluation order; copied
     * @throws NullPointerException when {@code sessionId} or {@code rules} is null
     */
    public Entry {
      requireNonNull(sessionId, "sessionId");
      rules = List.copyOf(rules);
    }
  }

  /** Whether the record keeps {@code rule}: only rules that can block a call. */
  static boolean blocking(HookRule rule) {
    return rule.action() != HookAction.CONTEXT;
  }

  /**
   * The record's text for {@code entries}.
   *
   * @param entries the sessions to record, in the order to keep
   * @return the JSON text {@link #read} reads back
   */
  public static String toJson(Collection<Entry> entries) {
    ObjectNode root = JSON.createObjectNode();
    root.put("version", VERSION);
    ArrayNode sessions = root.putArray("sessions");
    for (Entry entry : entries) {
      ObjectNode session = sessions.addObject();
      session.put("sessionId", entry.sessionId());
      putIfPresent(session, "label", entry.label());
      putIfPresent(session, "cwd", entry.cwd());
      ArrayNode rules = session.putArray("rules");
      for (SessionHookRule held : entry.rules()) {
        HookRule rule = held.rule();
        if (!blocking(rule)) {
          continue;
        }
        ObjectNode out = rules.addObject();
        out.put("provider", held.provider());
        out.put("action", rule.action().wireName());
        putIfPresent(out, "gateId", rule.gateId());
        putIfPresent(out, "reason", rule.reason());
        out.put("failOpen", rule.failsOpen());
        if (rule.match() != null) {
          ObjectNode match = out.putObject("match");
          putIfPresent(match, "tool", rule.match().tool());
          putIfPresent(match, "args", rule.match().args());
          putIfPresent(match, "provider", rule.match().provider());
          putIfPresent(match, "file", rule.match().file());
        }
      }
    }
    return root.toString();
  }

  /**
   * The entries recorded in {@code home}; empty when there is no record (no gateway has served the
   * home since it was made, or the last one ended every session).
   *
   * <p>Only a record no other user could have written is read, and no record counts as empty only
   * where no other user could have removed it ({@link SafeFiles}): a planted record could let every
   * call through, and so could a removed one.
   *
   * @param home the gateway's home, where the record is {@value #FILE_NAME}
   * @return the recorded sessions' blocking rules, in the order they were recorded
   * @throws UnsafeFileException when another user could have written (or removed) the record: its
   *     message names the file and the fix
   * @throws IOException when the record cannot be read or is not a record this version writes: the
   *     rules are then unknown, and a fail-closed caller denies
   */
  public static List<Entry> read(Path home) throws IOException {
    return read(home, checked -> {});
  }

  /**
   * {@link #read(Path)}, running {@code afterCheck} between checking the record and opening it:
   * tests race the read there.
   */
  static List<Entry> read(Path home, Consumer<Path> afterCheck) throws IOException {
    // Looked for, checked and read in the home's real path, which the check found out of other
    // users' reach: a link on the way to the home cannot lead the read elsewhere after the check.
    Path file = SafeFiles.checkDirectory(home).resolve(FILE_NAME);
    JsonNode root;
    try {
      file = SafeFiles.checkFile(file);
      afterCheck.accept(file);
      try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
        root = JSON.readTree(in);
      }
    } catch (NoSuchFileException e) {
      return List.of(); // none, or removed since: a gateway that ended its last session
    }
    if (root == null
        || root.path("version").asInt() != VERSION
        || !root.path("sessions").isArray()) {
      throw new IOException(file + " is not a version " + VERSION + " hook record");
    }
    List<Entry> entries = new ArrayList<>();
    try {
      for (JsonNode session : root.get("sessions")) {
        List<SessionHookRule> rules = new ArrayList<>();
        for (JsonNode rule : session.path("rules")) {
          rules.add(new SessionHookRule(rule.path("provider").asText(), ruleOf(rule)));
        }
        entries.add(
            new Entry(
                session.path("sessionId").asText(),
                text(session, "label"),
                text(session, "cwd"),
                rules));
      }
    } catch (RuntimeException e) {
      throw new IOException(file + " holds a rule this version cannot read: " + e.getMessage(), e);
    }
    return entries;
  }

  private static HookRule ruleOf(JsonNode rule) {
    HookAction action = HookAction.fromWire(rule.path("action").asText());
    if (action == null) {
      throw new IllegalArgumentException("unknown action " + rule.path("action"));
    }
    JsonNode m = rule.get("match");
    HookMatch match =
        m == null || !m.isObject()
            ? null
            : new HookMatch(text(m, "tool"), text(m, "args"), text(m, "provider"), text(m, "file"));
    return new HookRule(
        match,
        action,
        text(rule, "reason"),
        text(rule, "content"),
        text(rule, "gateId"),
        rule.path("failOpen").asBoolean(false));
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || !value.isTextual() ? null : value.textValue();
  }

  private static void putIfPresent(ObjectNode node, String field, String value) {
    if (value != null) {
      node.put(field, value);
    }
  }
}
