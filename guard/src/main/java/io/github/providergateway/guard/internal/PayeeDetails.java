package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * A server's tool given a bank account to pay (decision 179, read by {@code acts.tool-acts}): an
 * IBAN, an account and routing number, a sort code or a SWIFT code among the arguments of a tool
 * whose name is no read ({@code mcp__sap_s4hana__odata_patch} on {@code A_BusinessPartnerBank}). A
 * supplier's or an employee's bank details changed is how payment fraud is done: every later
 * payment goes to the new account, and nobody looks until the supplier asks where its money is.
 */
final class PayeeDetails {
  private PayeeDetails() {}

  /** The field names of a bank account, their parts joined and in lower case. */
  private static final Set<String> ACCOUNT =
      NameSet.of(
          "iban",
          "bankaccount",
          "bankaccountnumber",
          "accountnumber",
          "acctnumber",
          "acctno",
          "routingnumber",
          "abarouting",
          "aba",
          "sortcode",
          "swift",
          "swiftcode",
          "bic",
          "bankcode",
          "bankidentification",
          "payeeaccount",
          "remittanceaccount");

  /**
   * {@return the field that names a bank account to pay, or {@code null}}
   *
   * @param args the tool's arguments
   */
  static String named(JsonNode args) {
    return ArgumentFields.first(
        args,
        (key, value) ->
            key.length() <= 48
                    && value.isTextual()
                    && value.asText().chars().filter(Character::isDigit).count() >= 6
                    && ACCOUNT.contains(String.join("", ServiceVerbs.split(key)))
                ? key
                : null);
  }
}
