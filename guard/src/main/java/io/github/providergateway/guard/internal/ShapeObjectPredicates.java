package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * The second shapes notion's predicates by name (decision 122): what an act is on, each read by a
 * class of its own (a store's client reached elsewhere, a listing fed to an act, everyone
 * addressed, a device's line written, a generic API client's write, inline code that writes to
 * something shared). Their words: shape-objects.json.
 */
final class ShapeObjectPredicates {
  private ShapeObjectPredicates() {}

  /**
   * Adds the predicates over one program.
   *
   * @param named the predicates by name
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "shape-store-client-writes",
        ProgramNames.of(
            ShapeObjects.STORE_CLIENTS, (scan, step, read) -> StoreClientWrites.writes(step)));
    named.put("shape-api-client-writes", (scan, step, read) -> ApiClientWrites.writes(scan, step));
    named.put("shape-code-writes-shared", (scan, step, read) -> CodeWrites.writes(step));
    named.put("shape-copies-outward", (scan, step, read) -> CopiesOutward.copies(step));
  }

  /**
   * Adds the predicates over the whole call.
   *
   * @param onCall the predicates by name
   */
  static void addCallsTo(Map<String, Where.CallPredicate> onCall) {
    onCall.put("shape-mass-acts", MassActs::found);
    onCall.put("shape-everyone-addressed", EveryoneAddressed::found);
    onCall.put("shape-device-line-writes", DeviceLineWrites::found);
    onCall.put("shape-everyone-granted", EveryoneGrants::found);
    onCall.put("shape-mail-sent", MailSends::found);
    onCall.put("shape-secret-carried", SecretsCarried::carried);
    onCall.put("shape-private-key-read", SecretsCarried::keyRead);
    onCall.put("shape-export-sent-out", UnnamedToolExports::found); // decision 253
  }
}
