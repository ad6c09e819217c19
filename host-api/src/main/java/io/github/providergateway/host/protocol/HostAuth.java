package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code host.auth} (ours, WebSocket carrier): the first command on a {@code /host} connection.
 *
 * <pre>{@code
 * {"id":1,"cmd":"host.auth","token":"ptk-...","reclaimToken":"hrt-...","observer":false}
 * {"id":1,"ok":true,"reclaimToken":"hrt-...","reclaimed":["s-..."],"protocolVersion":2,"gatewayId":"gw-..."}
 * }</pre>
 *
 * @param token the gateway token ({@code <home>/.provider-token}); a wrong one gets {@code
 *     AUTH_FAILED} and the connection closes
 * @param reclaimToken the token an earlier connection of this host was given, to take back the
 *     sessions it started (within 30 s of its drop); optional
 * @param observer whether to receive the timeline events of every session, not only of the sessions
 *     this connection owns (an attached console); optional, default false
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record HostAuth(JsonNode id, String token, String reclaimToken, Boolean observer)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param token the gateway token ({@code <home>/.provider-token}); a wrong one gets {@code
   *     AUTH_FAILED} and the connection closes
   * @param reclaimToken the token an earlier connection of this host was given, to take back the
   *     sessions it started (within 30 s of its drop); optional
   * @param observer whether to receive the timeline events of every session, not only of the
   *     sessions this connection owns (an attached console); optional, default false
   * @throws IllegalArgumentException when {@code token} is empty
   */
  public HostAuth {
    Checks.nonEmpty(token, "token");
  }

  /** {@return whether this connection asked for every session's events} */
  public boolean isObserver() {
    return Boolean.TRUE.equals(observer);
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.HOST_AUTH;
  }

  /** Keeps the token out of logs. */
  @Override
  public String toString() {
    return "HostAuth[id="
        + id
        + ", reclaim="
        + (reclaimToken != null)
        + ", observer="
        + observer
        + "]";
  }
}
