package io.github.providergateway.gateway.policy;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.host.api.PersonQuestion;
import java.util.Optional;

/**
 * Whether the person the gateway would ask is away (decision 322): asked each time a gate or a
 * policy puts a question to the person through the gateway's own channels (extension {@code
 * gate.ask}: a console, a status page, an MCP client's form, a session host's channel), before any
 * channel hears of it. While the person is away the call is denied at once with the reason given,
 * and no channel is asked: nobody is there to answer, and a question left to its deadline would
 * hold the call for a minute and deny it all the same. The reference app's is its {@code gateway
 * away} file (decision 321). Register one with {@link
 * io.github.providergateway.gateway.Gateway.Builder#personAbsence}; the default, {@link #NEVER},
 * asks every question.
 *
 * <p>A host that asks its person itself (an agent's hook, {@code HookCall.hostAsks}) is not
 * concerned: its question comes back to it in the hook's decision, and it answers for the person's
 * absence in its own terms.
 *
 * <p>Called on the gateway's loop: it must return at once (one look at a file at most) and never
 * block. It fails closed: one that throws, or answers null, denies the call, saying that whether
 * the person is there could not be told.
 */
@FunctionalInterface
public interface PersonAbsence {

  /** The person is always there to be asked: the default. */
  PersonAbsence NEVER = question -> Optional.empty();

  /**
   * Whether the person is away from {@code question}.
   *
   * @param question the question as it would be put to the channels
   * @return empty when the person may be asked; else the deny the call gets at once
   */
  Optional<Away> away(PersonQuestion question);

  /**
   * A question answered in the person's absence: its call is denied at once, not asked.
   *
   * @param reason the deny's reason as the caller reads it: it names the question and says why
   *     nobody was asked
   * @param held a record for the audit trail, beside the gateway's own record of the deny (the
   *     reference app's is the held call that {@code gateway back} lists); null for none
   */
  record Away(String reason, Decision held) {

    /**
     * Checks that there is a reason.
     *
     * @param reason the deny's reason; not blank
     * @param held the record to keep, or null
     * @throws IllegalArgumentException when the reason is blank
     */
    public Away {
      requireNonNull(reason, "reason");
      if (reason.isBlank()) {
        throw new IllegalArgumentException("a deny in the person's absence says why; reason blank");
      }
    }
  }
}
