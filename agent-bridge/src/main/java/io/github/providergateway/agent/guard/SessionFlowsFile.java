package io.github.providergateway.agent.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionPast.PastCall;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What sessions had seen, kept in the gateway's home ({@value #NAME}) so that a session renewed
 * after a restart goes on with its past (docs/guard.md, "A session remembers"). Owner-only, written
 * whole (a temporary file moved over it); a {@code .json} file of the home, so the guard refuses an
 * agent both reading it ({@code guard.gateway-token}) and changing it ({@code guard.self}). Bounded
 * as {@link SessionFlows} is; a file larger than {@value #MAX_BYTES} bytes is not read.
 */
public final class SessionFlowsFile {

  /** The file's name in the home. */
  public static final String NAME = "guard-sessions.json";

  /** The most read: 256 sessions of a few kilobytes each. */
  static final int MAX_BYTES = 4 * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private SessionFlowsFile() {}

  /**
   * What the file held.
   *
   * @param sessions the sessions
   * @param links agent sessions to sessions
   */
  public record Kept(List<SessionFlows.View> sessions, Map<String, String> links) {}

  /**
   * Reads the home's file.
   *
   * @param home the gateway's home
   * @return what it held; empty when there is no file
   * @throws IOException when it is there but cannot be believed or read (another user could have
   *     written it, too large, not what this class writes)
   */
  public static Kept read(Path home) throws IOException {
    Path file = home.resolve(NAME);
    if (Files.notExists(file, LinkOption.NOFOLLOW_LINKS)) {
      return new Kept(List.of(), Map.of());
    }
    Path checked = SafeFiles.checkSecretFile(file);
    JsonNode root;
    try (InputStream in = Files.newInputStream(checked)) {
      byte[] bytes = in.readNBytes(MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw new IOException(file + " is larger than " + MAX_BYTES + " bytes");
      }
      root = JSON.readTree(bytes);
    }
    if (root == null || root.path("version").asInt() != 1) {
      throw new IOException(file + " is not a file of sessions this gateway writes");
    }
    List<SessionFlows.View> sessions = new ArrayList<>();
    for (JsonNode session : root.path("sessions")) {
      if (sessions.size() >= SessionFlows.MAX_SESSIONS) {
        break;
      }
      sessions.add(
          new SessionFlows.View(
              session.path("key").asText(),
              session.path("project").isTextual() ? session.path("project").asText() : null,
              past(session.path("past")),
              session.path("reportsAfterTool").asBoolean(false)));
    }
    Map<String, String> links = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("links").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> link = it.next();
      if (links.size() < SessionFlows.MAX_SESSIONS * 4) {
        links.put(link.getKey(), link.getValue().asText());
      }
    }
    return new Kept(sessions, links);
  }

  /**
   * What the last gateway kept of one agent session, for the hook's guard while no gateway runs:
   * the gateway session the agent session was linked to, else its own record; a session the file
   * does not hold (the first call of the day, a new agent session) starts clean with the project's
   * remotes; a call naming no agent session is unknown unless the file holds no session at all; a
   * file that cannot be believed or read makes the past unknown.
   *
   * @param home the gateway's home
   * @param agentKey the agent session's key ({@link SessionFlows#agentKey}), or {@code null}
   * @param remotes the project's remotes
   * @return the past to judge the call by
   */
  public static SessionPast pastOf(Path home, String agentKey, Map<String, String> remotes) {
    Kept kept;
    try {
      kept = read(home);
    } catch (IOException | RuntimeException e) {
      return SessionPast.unknown(
          "no gateway runs, and what the last one kept cannot be read (" + e.getMessage() + ")",
          remotes);
    }
    if (kept.sessions().isEmpty()) {
      return SessionPast.start(remotes); // the last gateway saw nothing: nothing was taken in
    }
    if (agentKey == null) {
      return SessionPast.unknown("the agent named no session the gateway could keep", remotes);
    }
    String key = kept.links().getOrDefault(agentKey, agentKey);
    for (SessionFlows.View view : kept.sessions()) {
      if (view.key().equals(key) || view.key().equals(agentKey)) {
        return view.past();
      }
    }
    return SessionPast.start(remotes);
  }

  /**
   * Writes what {@code flows} holds into the home's file, owner-only.
   *
   * @param home the gateway's home
   * @param flows the sessions
   * @throws IOException when it cannot be written
   */
  public static void write(Path home, SessionFlows flows) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("version", 1);
    ArrayNode sessions = root.putArray("sessions");
    for (SessionFlows.View view : flows.views()) {
      ObjectNode session = sessions.addObject();
      session.put("key", view.key());
      session.put("project", view.project());
      session.put("reportsAfterTool", view.reportsAfterTool());
      session.set("past", json(view.past()));
    }
    ObjectNode links = root.putObject("links");
    flows.links().forEach(links::put);
    OwnerOnlyFiles.replace(home.resolve(NAME), JSON.writeValueAsBytes(root));
  }

  private static ObjectNode json(SessionPast past) {
    ObjectNode node = JSON.createObjectNode();
    node.set("untrusted", calls(past.untrusted()));
    node.put("untrustedCount", past.untrustedCount());
    node.set("secrets", calls(past.secrets()));
    node.put("secretCount", past.secretCount());
    node.set("sent", calls(past.sent()));
    node.set("ownRemotes", JSON.valueToTree(past.ownRemotes()));
    node.set("remotesAdded", JSON.valueToTree(past.remotesAdded()));
    node.set("granted", JSON.valueToTree(past.granted()));
    node.put("unknown", past.unknown());
    node.set("senders", JSON.valueToTree(past.senders()));
    return node;
  }

  private static ArrayNode calls(List<PastCall> calls) {
    ArrayNode array = JSON.createArrayNode();
    for (PastCall call : calls) {
      array
          .addObject()
          .put("tool", call.tool())
          .put("args", call.args())
          .put("at", call.at().toString())
          .put("what", call.what());
    }
    return array;
  }

  private static SessionPast past(JsonNode node) {
    return SessionPast.restored(
        calls(node.path("untrusted")),
        node.path("untrustedCount").asInt(),
        calls(node.path("secrets")),
        node.path("secretCount").asInt(),
        calls(node.path("sent")),
        texts(node.path("ownRemotes")),
        texts(node.path("remotesAdded")),
        set(node.path("granted")),
        node.path("unknown").isTextual() ? node.path("unknown").asText() : null,
        texts(node.path("senders")));
  }

  private static List<PastCall> calls(JsonNode array) {
    List<PastCall> calls = new ArrayList<>();
    for (JsonNode call : array) {
      calls.add(
          new PastCall(
              call.path("tool").asText(),
              call.path("args").asText(),
              Instant.parse(call.path("at").asText()),
              call.path("what").asText()));
    }
    return calls;
  }

  private static Map<String, String> texts(JsonNode object) {
    Map<String, String> texts = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      texts.put(field.getKey(), field.getValue().asText());
    }
    return texts;
  }

  private static Set<String> set(JsonNode array) {
    Set<String> set = new LinkedHashSet<>();
    array.forEach(value -> set.add(value.asText()));
    return set;
  }
}
