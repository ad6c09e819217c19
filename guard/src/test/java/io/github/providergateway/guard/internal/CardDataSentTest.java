package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A card's data sent out is denied however it is sent (decision 294, the red team of decision 281):
 * split over a tool's fields, in any server's tool, in a JSON body, a here-document or a
 * here-string of a command that sends; a test card, a card's last digits and a text kept here are
 * not.
 */
class CardDataSentTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gh issue create --repo acme/payments --title 'Charge 500' --body '{\"amount\": 4200,"
            + " \"card_number\": \"5412753412098878\", \"exp_month\": 11, \"exp_year\": 2026,"
            + " \"cvc\": \"903\"}'",
        "curl -sS -X POST -H 'Content-type: application/json' --data '{\"text\":\"chargeback: card"
            + " 4716 2830 9912 4470 exp 11/26 cvv 903\"}' \"$SLACK_WEBHOOK_URL\"",
        "gh issue comment 4412 --repo acme/payments --body-file - <<'EOF'\nSame decline with the"
            + " customer's card 4859 3200 1187 0439 exp 09/27 CVV 412.\nEOF",
        "mail -s 'Chargeback evidence' disputes@acquirer.example <<< 'Cardholder D. Okafor, card"
            + " 4716 2830 9912 4470, expiry 11/26, CVV 903.'",
        "az boards work-item create --project Payments --type Bug --title 'Decline loop'"
            + " --description 'Card 5412 7534 1209 8878 exp 02/27 CVV 771'"
      })
  void aCommandThatSendsACardIsDenied(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("leak.card-data-in-message");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mcp__jira__create_issue|{\"project\": \"PAY\", \"summary\": \"Auth loop for"
            + " 4859320011870439\", \"description\": \"Customer M. Santos, exp 09/27, CVV 412.\"}",
        "mcp__asana__asana_create_task|{\"name\": \"Refund\", \"notes\": \"Refund to card 4716"
            + " 2830 9912 4470 exp 11/26 CVV 903 once finance approves.\"}",
        "mcp__jira__add_comment|{\"issue\": \"PAY-2231\", \"body\": \"Reproduced in the test env"
            + " with the customer's real card 4859 3200 1187 0439 exp 09/27 cvv 412.\"}",
        "mcp__linear__create_issue|{\"title\": \"Mir card declined\", \"description\": \"Card 2200"
            + " 7001 2345 6781 exp 08/28 CVC 442.\"}"
      })
  void aServersToolGivenACardIsDenied(String tool, String args) throws Exception {
    assertThat(StandardCalls.toolRule(tool, (ObjectNode) JSON.readTree(args)))
        .isEqualTo("leak.card-data-in-message");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gh issue comment 12 --body 'Repro with test card 4000 0027 6000 3184 exp 12/34 cvc 123'",
        "gh issue comment 12 --body 'The customer card ending 0439 (exp 09/27) declined twice.'",
        "printf 'card 4716 2830 9912 4470 exp 11/26 cvv 903\\n' > /tmp/local-notes.txt",
        "curl -sS https://status.acme.io/api/v2/status.json"
      })
  void aTestCardTheLastDigitsOrNothingSentAreNot(String command) {
    assertThat(StandardCalls.ruleOf(command)).isNotEqualTo("leak.card-data-in-message");
  }
}
