package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.WireEnum;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code <home>/hook-gates.json}: the home's record of gates, which the home's gateway keeps up to
 * date ({@link HookGateRecorder}) and which outlives it. It holds
 *
 * <ul>
 *   <li>the gateway's state: starting, running or stopped, with its pid, port and since when;
 *   <li>each live session of an agent (opened by a holder of the gateway token) with its cwd, the
 *       providers bound to it and its blocking {@code onPreToolUse} rules (gates and static denies;
 *       context rules never block);
 *   <li>the last blocking rules of each provider of the home's configuration ({@code --config}),
 *       which apply to every session of the home, even one whose copy of the provider has not bound
 *       yet;
 *   <li>the gates held for a project after a gateway stopped or crashed while their provider was
 *       bound there, until that provider binds again in that project, leaves the configuration, or
 *       a person releases them.
 * </ul>
 *
 * <p>A hook that finds no gateway answering reads it to say what was in force and why every call is
 * denied; a gateway that starts reads its predecessor's to keep holding its gates (docs/agents.md,
 * "When the gateway stops or crashes").
 *
 * <pre>{@code
 * {"version":2,
 *  "gateway":{"state":"running","pid":4242,"port":9477,"since":"2026-11-26T07:00:00Z"},
 *  "sessions":[{"sessionId":"s-1","label":"claude-code","cwd":"/work/repo","providers":["ci-guard"],
 *    "rules":[{"provider":"ci-guard","action":"gate","gateId":"ci-green","failOpen":false,
 *              "match":{"tool":"shell","args":"git push"}}]}],
 *  "configured":[{"provider":"ci-guard","entry":"guard","rules":[…]}],
 *  "held":[{"provider":"ci-guard","project":"/work/repo","since":"…","why":"the gateway crashed",
 *           "rules":[…]}]}
 * }</pre>
 *
 * A version 1 record (an older gateway's: sessions and their rules only) is read as a record of a
 * gateway that did not stop normally.
 */
public final class HookGateRecord {

  /** The record's name in the gateway's home. */
  public static final String FILE_NAME = "hook-gates.json";

  private static final int VERSION = 2;
  private static final ObjectMapper JSON = new ObjectMapper();

  private HookGateRecord() {}

  /** Where the home's gateway was when it last wrote the record. */
  public enum Phase implements WireEnum {
    /** It holds the home and is not yet listening. */
    STARTING("starting"),
    /** It listens. */
    RUNNING("running"),
    /** It stopped normally: its gates are held. */
    STOPPED("stopped");

    private final String wireName;

    Phase(String wireName) {
      this.wireName = wireName;
    }

    @Override
    public String wireName() {
      return wireName;
    }
  }

  /**
   * The gateway that wrote the record.
   *
   * @param phase starting, running or stopped
   * @param pid its process id
   * @param port its port, when it listens or listened
   * @param since when it entered {@code phase}
   */
  public record GatewayState(Phase phase, long pid, Integer port, Instant since) {
    /**
     * Checks the state.
     *
     * @param phase starting, running or stopped; not null
     * @param pid its process id
     * @param port its port, or null
     * @param since when it entered {@code phase}; not null
     * @throws NullPointerException when {@code phase} or {@code since} is null
     */
    public GatewayState {
      requireNonNull(phase, "phase");
      requireNonNull(since, "since");
    }
  }

  /**
   * One live session's blocking rules, in the gateway's evaluation order.
   *
   * @param sessionId the gateway's id of the session
   * @param label the session's label, which names the agent; may be null
   * @param cwd the session's project, how a hook finds its session; may be null
   * @param providers the names of the providers bound to it
   * @param rules the session's blocking rules, in evaluation order
   */
  public record Entry(
      String sessionId,
      String label,
      String cwd,
      Set<String> providers,
      List<SessionHookRule> rules) {
    /**
     * Checks and copies the entry.
     *
     * @param sessionId the gateway's id of the session
     * @param label the session's label; may be null
     * @param cwd the session's project; may be null
     * @param providers the providers bound to it; copied
     * @param rules the session's blocking rules; copied
     * @throws NullPointerException when {@code sessionId}, {@code providers} or {@code rules} is
     *     null
     */
    public Entry {
      requireNonNull(sessionId, "sessionId");
      providers = Set.copyOf(providers);
      rules = List.copyOf(rules);
    }
  }

  /**
   * The last blocking rules of a provider of the home's configuration: they apply to every session
   * of the home whose own copy of the provider is not bound.
   *
   * @param provider the provider's name, as it registers
   * @param entry the name of its entry in the home's configuration
   * @param rules its blocking rules, as it last registered them
   */
  public record Configured(String provider, String entry, List<SessionHookRule> rules) {
    /**
     * Checks and copies.
     *
     * @param provider the provider's name; not null
     * @param entry its configuration entry's name; not null
     * @param rules its blocking rules; copied
     * @throws NullPointerException when any is null
     */
    public Configured {
      requireNonNull(provider, "provider");
      requireNonNull(entry, "entry");
      rules = List.copyOf(rules);
    }
  }

  /**
   * A provider's blocking rules held in force for a project after the gateway it was bound to
   * stopped or crashed.
   *
   * @param provider the provider
   * @param project the cwd of the session it was bound to
   * @param since when they began to be held
   * @param why why, for a person ({@code the gateway crashed})
   * @param rules the rules held, in evaluation order
   */
  public record Held(
      String provider, String project, Instant since, String why, List<SessionHookRule> rules) {
    /**
     * Checks and copies.
     *
     * @param provider the provider; not null
     * @param project the project; not null
     * @param since when; not null
     * @param why why; not null
     * @param rules the rules; copied
     * @throws NullPointerException when any is null
     */
    public Held {
      requireNonNull(provider, "provider");
      requireNonNull(project, "project");
      requireNonNull(since, "since");
      requireNonNull(why, "why");
      rules = List.copyOf(rules);
    }
  }

  /**
   * The whole record.
   *
   * @param gateway the gateway that wrote it; null for a version 1 record (which says nothing of
   *     it)
   * @param sessions the live sessions, in start order
   * @param configured the configured providers' last rules
   * @param held the gates held, in the order they began to be held
   */
  public record Contents(
      GatewayState gateway, List<Entry> sessions, List<Configured> configured, List<Held> held) {

    /** No record: no gateway has served the home. */
    public static final Contents NONE = new Contents(null, List.of(), List.of(), List.of());

    /**
     * Copies the lists.
     *
     * @param gateway the gateway that wrote it, or null
     * @param sessions the live sessions; copied
     * @param configured the configured providers' last rules; copied
     * @param held the gates held; copied
     */
    public Contents {
      sessions = List.copyOf(sessions);
      configured = List.copyOf(configured);
      held = List.copyOf(held);
    }
  }

  /** Whether the record keeps {@code rule}: only rules that can block a call. */
  static boolean blocking(HookRule rule) {
    return rule.action() != HookAction.CONTEXT;
  }

  /**
   * The record's text.
   *
   * @param contents what to record
   * @return the JSON text {@link #read} reads back
   */
  public static String toJson(Contents contents) {
    ObjectNode root = JSON.createObjectNode();
    root.put("version", VERSION);
    GatewayState gateway = contents.gateway();
    if (gateway != null) {
      ObjectNode state = root.putObject("gateway");
      state.put("state", gateway.phase().wireName());
      state.put("pid", gateway.pid());
      if (gateway.port() != null) {
        state.put("port", gateway.port());
      }
      state.put("since", gateway.since().toString());
    }
    ArrayNode sessions = root.putArray("sessions");
    for (Entry entry : contents.sessions()) {
      ObjectNode session = sessions.addObject();
      session.put("sessionId", entry.sessionId());
      putIfPresent(session, "label", entry.label());
      putIfPresent(session, "cwd", entry.cwd());
      ArrayNode providers = session.putArray("providers");
      entry.providers().stream().sorted().forEach(providers::add);
      writeRules(session.putArray("rules"), entry.rules());
    }
    ArrayNode configured = root.putArray("configured");
    for (Configured one : contents.configured()) {
      ObjectNode out = configured.addObject();
      out.put("provider", one.provider());
      out.put("entry", one.entry());
      writeRules(out.putArray("rules"), one.rules());
    }
    ArrayNode held = root.putArray("held");
    for (Held one : contents.held()) {
      ObjectNode out = held.addObject();
      out.put("provider", one.provider());
      out.put("project", one.project());
      out.put("since", one.since().toString());
      out.put("why", one.why());
      writeRules(out.putArray("rules"), one.rules());
    }
    return root.toString();
  }

  private static void writeRules(ArrayNode rules, List<SessionHookRule> held) {
    for (SessionHookRule one : held) {
      HookRule rule = one.rule();
      if (!blocking(rule)) {
        continue;
      }
      ObjectNode out = rules.addObject();
      out.put("provider", one.provider());
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

  /**
   * The record of {@code home}; {@link Contents#NONE} when there is none (no gateway has served the
   * home since it was made).
   *
   * <p>Only a record no other user could have written is read, and no record counts as none only
   * where no other user could have removed it ({@link SafeFiles}): a planted record could let every
   * call through, and so could a removed one.
   *
   * @param home the gateway's home, where the record is {@value #FILE_NAME}
   * @return what the record holds
   * @throws UnsafeFileException when another user could have written (or removed) the record: its
   *     message names the file and the fix
   * @throws IOException when the record cannot be read or is not a record this version reads: the
   *     rules are then unknown, and a fail-closed caller denies
   */
  public static Contents read(Path home) throws IOException {
    return read(home, checked -> {});
  }

  /**
   * {@link #read(Path)}, running {@code afterCheck} between checking the record and opening it:
   * tests race the read there.
   */
  static Contents read(Path home, Consumer<Path> afterCheck) throws IOException {
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
      return Contents.NONE;
    }
    int version = root == null ? 0 : root.path("version").asInt();
    if ((version != 1 && version != VERSION) || !root.path("sessions").isArray()) {
      throw new IOException(
          file + " is not a hook record this version reads (1 or " + VERSION + ")");
    }
    try {
      List<Entry> sessions = new ArrayList<>();
      for (JsonNode session : root.get("sessions")) {
        Set<String> providers = new java.util.LinkedHashSet<>();
        for (JsonNode name : session.path("providers")) {
          providers.add(name.asText());
        }
        sessions.add(
            new Entry(
                session.path("sessionId").asText(),
                text(session, "label"),
                text(session, "cwd"),
                providers,
                rules(session)));
      }
      List<Configured> configured = new ArrayList<>();
      for (JsonNode one : root.path("configured")) {
        configured.add(
            new Configured(
                one.path("provider").asText(),
                one.path("entry").asText(one.path("provider").asText()),
                rules(one)));
      }
      List<Held> held = new ArrayList<>();
      for (JsonNode one : root.path("held")) {
        held.add(
            new Held(
                one.path("provider").asText(),
                one.path("project").asText(),
                Instant.parse(one.path("since").asText()),
                one.path("why").asText(),
                rules(one)));
      }
      return new Contents(gateway(root.get("gateway")), sessions, configured, held);
    } catch (RuntimeException e) {
      throw new IOException(file + " holds a rule this version cannot read: " + e.getMessage(), e);
    }
  }

  private static GatewayState gateway(JsonNode state) {
    if (state == null || !state.isObject()) {
      return null;
    }
    Phase phase = WireEnum.fromWire(Phase.class, state.path("state").asText());
    if (phase == null) {
      throw new IllegalArgumentException("unknown gateway state " + state.path("state"));
    }
    try {
      return new GatewayState(
          phase,
          state.path("pid").asLong(),
          state.path("port").isInt() ? state.path("port").intValue() : null,
          Instant.parse(state.path("since").asText()));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("unreadable time " + state.path("since"), e);
    }
  }

  private static List<SessionHookRule> rules(JsonNode owner) {
    List<SessionHookRule> rules = new ArrayList<>();
    for (JsonNode rule : owner.path("rules")) {
      rules.add(new SessionHookRule(rule.path("provider").asText(), ruleOf(rule)));
    }
    return rules;
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
