package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.base.PeerText;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a provider refused {@code DUPLICATE_INSTANCE} is told (issue 34): which provider and process
 * hold the name it asked for, and the two ways on (spec: Error recovery guide: pick another {@code
 * instance}, or reconnect with the {@code reconnectToken}). The person reading it in a provider's
 * output, the console, the session's timeline or the audit trail can find the holder and stop it,
 * or run a second one beside it.
 */
final class IdentityClash {

  /** How much of the holder's command line is repeated. */
  static final int COMMAND_CHARS = 80;

  private IdentityClash() {}

  /**
   * The refusal's message.
   *
   * @param name the name asked for, as the hello gave it
   * @param instance the instance asked for, or null
   * @param holder the live provider holding that identity
   * @param askerTrust the trust of the connection refused: a paired (external) provider, perhaps a
   *     browser page, is not told which local process holds the name
   */
  static String message(String name, String instance, ProviderState holder, TrustLevel askerTrust) {
    String who =
        "Provider '"
            + Names.forDisplay(name)
            + "'"
            + (instance == null ? "" : " instance '" + Names.forDisplay(instance) + "'");
    List<String> held = new ArrayList<>();
    held.add(holder.providerId + sessions(holder));
    held.add(holder.conn.toString());
    if (askerTrust != TrustLevel.EXTERNAL) {
      process(holder).ifPresent(held::add);
    }
    origin(holder.conn.credential()).ifPresent(held::add);
    return who
        + " is already connected ("
        + String.join(", ", held)
        + "). To run another beside it,"
        + " give this one an instance of its own (hello's \"instance\"; the examples read TAP_INSTANCE);"
        + " to replace it, stop that one or reconnect with its reconnectToken";
  }

  private static String sessions(ProviderState holder) {
    List<String> ids = new ArrayList<>(holder.bindings().keySet());
    return ids.isEmpty() ? "" : " in " + String.join(", ", ids);
  }

  /** {@code pid 4242: node guardrail.mjs}, when the transport knows the process. */
  private static Optional<String> process(ProviderState holder) {
    return holder
        .conn
        .transport
        .peerProcess()
        .map(process -> "pid " + process.pid() + commandOf(process));
  }

  private static String commandOf(ProcessHandle process) {
    ProcessHandle.Info info = process.info();
    if (info.command().isEmpty()) {
      return "";
    }
    Path program = Path.of(info.command().get()).getFileName();
    StringBuilder line =
        new StringBuilder(program == null ? info.command().get() : program.toString());
    for (String argument : info.arguments().orElse(new String[0])) {
      line.append(' ').append(argument);
    }
    return ": " + PeerText.shown(line.toString(), COMMAND_CHARS);
  }

  /** How the holder came to hold the name, when that says more than its token does. */
  private static Optional<String> origin(Credential credential) {
    if (credential instanceof Credential.SpawnToken spawned) {
      return Optional.of(
          "started by the gateway for session "
              + spawned.sessionId()
              + (spawned.spawnName() == null
                  ? ""
                  : " as '" + Names.forDisplay(spawned.spawnName()) + "'"));
    }
    if (credential instanceof Credential.External paired) {
      return Optional.of("paired with session " + paired.sessionId());
    }
    if (credential instanceof Credential.Local) {
      return Optional.of("in the gateway's own process");
    }
    return Optional.empty();
  }
}
