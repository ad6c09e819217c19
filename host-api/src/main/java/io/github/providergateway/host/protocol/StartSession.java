package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code session.start}: starts a session owned by the sending host. Reply: {@code sessionId}.
 *
 * @param label a human-readable name; optional
 * @param cwd the session's working directory; optional
 * @param foreground ours: whether the user is looking at it; optional
 * @param hostTools ours: names of tools the host itself owns in the session (providers may not
 *     register them); optional
 * @param streamUpdates ours: {@code true} sends the owner {@code stream.updated} ({@link
 *     StreamUpdated}) for each event a provider's push adds to a stream of the session; optional
 * @param asks ours: {@code true} makes the owner a channel for gates' questions to the person of
 *     the session (extension {@code gate.ask}): it gets {@code gate.ask} ({@link GateAsk}) and
 *     {@code gate.ask.ended} ({@link GateAskEnded}) and answers with {@code gate.answer} ({@link
 *     AnswerQuestion}); optional
 * @param openedBy ours: whom the host opens the session for when that is not the host itself:
 *     {@code agent} (or {@code agent:<detail>}) for an agent it serves, such as {@code gateway
 *     mcp}'s; anything else, such as {@code mcp-http:<client>}, for a client, whose session hook
 *     adapters never take for an agent's. {@code sessions.list} shows it, providers only its kind
 *     ({@code SessionOpener}); optional, not empty
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record StartSession(
    JsonNode id,
    String label,
    String cwd,
    Boolean foreground,
    List<String> hostTools,
    Boolean streamUpdates,
    Boolean asks,
    String openedBy)
    implements HostCommand {

  /**
   * Copies the fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param label a human-readable name; optional
   * @param cwd the session's working directory; optional
   * @param foreground ours: whether the user is looking at it; optional
   * @param hostTools ours: names of tools the host itself owns in the session (providers may not
   *     register them); optional; copied
   * @param streamUpdates ours: {@code true} sends the owner {@code stream.updated} ({@link
   *     StreamUpdated}) for each event a provider's push adds to a stream of the session; optional
   * @param asks ours: {@code true} makes the owner a channel for gates' questions to the person;
   *     optional
   * @param openedBy ours: whom the host opens the session for when not a holder of the gateway
   *     token itself; optional
   * @throws IllegalArgumentException when {@code openedBy} is empty
   */
  public StartSession {
    hostTools = hostTools == null ? null : List.copyOf(hostTools);
    if (openedBy != null) {
      Checks.nonEmpty(openedBy, "openedBy");
    }
  }

  /**
   * A session the host opens for itself (the fields before {@code openedBy}).
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param label a human-readable name; optional
   * @param cwd the session's working directory; optional
   * @param foreground ours: whether the user is looking at it; optional
   * @param hostTools ours: names of tools the host itself owns in the session; optional; copied
   * @param streamUpdates ours: {@code true} sends the owner {@code stream.updated}; optional
   * @param asks ours: {@code true} makes the owner a channel for gates' questions; optional
   */
  public StartSession(
      JsonNode id,
      String label,
      String cwd,
      Boolean foreground,
      List<String> hostTools,
      Boolean streamUpdates,
      Boolean asks) {
    this(id, label, cwd, foreground, hostTools, streamUpdates, asks, null);
  }

  /**
   * A session whose owner puts no question to its person (the fields before {@code asks}).
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param label a human-readable name; optional
   * @param cwd the session's working directory; optional
   * @param foreground ours: whether the user is looking at it; optional
   * @param hostTools ours: names of tools the host itself owns in the session; optional; copied
   * @param streamUpdates ours: {@code true} sends the owner {@code stream.updated}; optional
   */
  public StartSession(
      JsonNode id,
      String label,
      String cwd,
      Boolean foreground,
      List<String> hostTools,
      Boolean streamUpdates) {
    this(id, label, cwd, foreground, hostTools, streamUpdates, null, null);
  }

  /**
   * A session with a label and a working directory, nothing else.
   *
   * @param id the command's {@code id}; {@code null} for none
   * @param label a human-readable name; optional
   * @param cwd the session's working directory; optional
   * @return the command
   */
  public static StartSession of(JsonNode id, String label, String cwd) {
    return new StartSession(id, label, cwd, null, null, null, null, null);
  }

  /** {@return whether the owner puts gates' questions to its person ({@code "asks": true})} */
  public boolean wantsAsks() {
    return Boolean.TRUE.equals(asks);
  }

  /** {@return whether the owner asked for {@code stream.updated} events} */
  public boolean wantsStreamUpdates() {
    return Boolean.TRUE.equals(streamUpdates);
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_START;
  }
}
