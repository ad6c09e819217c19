package io.github.providergateway.gateway.policy;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * A tool call as a {@link CallPolicy} is told of it: read by the engine on its loop, in the call's
 * session, when the policy is asked. The session and its folder are the gateway's (never the folder
 * the agent says it is in); what the tool declared of itself comes from the provider that offers it
 * in that session.
 *
 * <p>A final class rather than a record, so that it can grow (decision 71): the session's past
 * calls and an organisation's layer of rules are meant to come here as new getters, and a policy
 * written today keeps compiling.
 *
 * <pre>{@code
 * CallPolicy readOnlyOutsideProjects = call ->
 *     CompletableFuture.completedFuture(
 *         call.project() == null && !Boolean.TRUE.equals(call.annotations().readOnlyHint())
 *             ? PolicyVerdict.ask("Run '" + call.tool() + "' outside a project?")
 *             : PolicyVerdict.allow());
 * }</pre>
 */
public final class PolicyCall {

  private final SessionInfo session;
  private final String tool;
  private final JsonNode args;
  private final ToolAnnotations annotations;
  private final String toolProvider;
  private final TrustLevel providerTrust;

  private PolicyCall(Builder builder) {
    this.session = builder.session;
    this.tool = builder.tool;
    this.args = builder.args;
    this.annotations = builder.annotations;
    this.toolProvider = builder.toolProvider;
    this.providerTrust = builder.providerTrust;
  }

  /**
   * Starts a call; the engine makes them, and a policy's tests may too.
   *
   * @param session the call's session as the gateway knows it
   * @param tool the tool's name (the agents' own tools by their mapped names: {@code shell}, {@code
   *     edit}, {@code read})
   * @param args the call's arguments, as they are now (a gate may have rewritten them)
   * @return a builder
   */
  public static Builder builder(SessionInfo session, String tool, JsonNode args) {
    return new Builder(session, tool, args);
  }

  /** {@return the call's session as the gateway knows it} */
  public SessionInfo session() {
    return session;
  }

  /** {@return the session's id} */
  public String sessionId() {
    return session.id();
  }

  /** {@return the session's folder ({@link #projectOf}), or null when it has none} */
  public Path project() {
    return projectOf(session);
  }

  /** {@return the tool's name} */
  public String tool() {
    return tool;
  }

  /** {@return the call's arguments; a tree the policy must not change} */
  public JsonNode args() {
    return args;
  }

  /**
   * {@return what the tool declared of itself (MCP's annotations), or null: a tool no provider of
   * the session offers (the agents' own), or one that declared nothing}
   */
  public ToolAnnotations annotations() {
    return annotations;
  }

  /** {@return the name of the provider that offers the tool in the session, or null} */
  public String toolProvider() {
    return toolProvider;
  }

  /** {@return the trust of the provider that offers the tool, or null when unknown} */
  public TrustLevel providerTrust() {
    return providerTrust;
  }

  /**
   * The session's folder, absolute and normalised, or null when it has none a policy can read (none
   * given, or a relative one): the project its calls are decided in.
   *
   * @param session the session
   * @return its folder, or null
   */
  public static Path projectOf(SessionInfo session) {
    if (session.cwd() == null || session.cwd().isBlank()) {
      return null;
    }
    try {
      Path cwd = Path.of(session.cwd());
      return cwd.isAbsolute() ? cwd.normalize() : null;
    } catch (InvalidPathException e) {
      return null;
    }
  }

  /** Builds a {@link PolicyCall}. */
  public static final class Builder {
    private final SessionInfo session;
    private final String tool;
    private final JsonNode args;
    private ToolAnnotations annotations;
    private String toolProvider;
    private TrustLevel providerTrust;

    private Builder(SessionInfo session, String tool, JsonNode args) {
      this.session = requireNonNull(session, "session");
      this.tool = requireNonNull(tool, "tool");
      this.args = requireNonNull(args, "args");
    }

    /**
     * What the tool declared of itself.
     *
     * @param annotations its annotations, or null
     * @return this builder
     */
    public Builder annotations(ToolAnnotations annotations) {
      this.annotations = annotations;
      return this;
    }

    /**
     * Who offers the tool.
     *
     * @param name the provider's name, or null
     * @param trust its trust, or null when unknown
     * @return this builder
     */
    public Builder toolProvider(String name, TrustLevel trust) {
      this.toolProvider = name;
      this.providerTrust = trust;
      return this;
    }

    /** {@return the call} */
    public PolicyCall build() {
      return new PolicyCall(this);
    }
  }
}
