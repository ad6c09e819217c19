package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A command from an agent host to the gateway: one JSON object with {@code cmd}, an optional {@code
 * id} (any JSON value, echoed by the reply) and the command's fields.
 *
 * <p>New commands may arrive in minor versions: a {@code switch} over this type outside this
 * library should keep a {@code default}.
 */
public sealed interface HostCommand
    permits StartSession,
        IdleSession,
        EndSession,
        InterruptSession,
        ListSessions,
        ListTools,
        SettleSession,
        CallTool,
        CancelCall,
        PreToolUse,
        RunPrompt,
        EmitEvent,
        QueryStreams,
        ListProviders,
        StatusLink,
        ReloadProviders,
        ListHeldGates,
        ReleaseHeldGates,
        AnswerQuestion,
        AskMcpFeature,
        QueryAudit,
        Shutdown,
        HostAuth,
        HostChallenge {

  /**
   * {@return the command's {@code id}, echoed exactly by its reply; {@code null} when it had none}
   */
  JsonNode id();

  /** {@return which command this is} */
  HostCommandType type();
}
