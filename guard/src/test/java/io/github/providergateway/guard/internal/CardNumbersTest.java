package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A card's number in a message (decision 281): with its code or expiry whatever its check digit,
 * with a word saying it is a card's only when it passes the Luhn check; the providers' test
 * numbers, made-up patterns, an IMEI and a text that says it holds a test card are no card.
 */
class CardNumbersTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Repro card: 4859320011870431 exp 09/27 CVV 412",
        "4761-7300-1234-5678, cvc 301",
        "card 4539 1488 0343 6467 declined",
        "amex 3782 822463 10006 expires 04/28"
      })
  void aUsableCardIsFound(String text) {
    assertThat(CardNumbers.find(text)).as(text).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "4242 4242 4242 4242 exp 12/34 cvc 123",
        "4111-1111-1111-1111 cvv 737",
        "the test card 4000 0027 6000 3184, exp 12/34, CVC 123",
        "card ending 0431, auth id 7781230044",
        "handset IMEI 356938035643809 drops the card reader",
        "order 4539148803436467 refund is stuck",
        "card 4539 1488 0343 6468 declined",
        "invoice 1234567890123456 exp 09/27"
      })
  void noUsableCardIsFound(String text) {
    assertThat(CardNumbers.find(text)).as(text).isNull();
  }

  @Test
  void theSchemesLengthsAreKept() {
    assertThat(CardNumbers.schemesLength("378282246310005")).isTrue(); // American Express, 15
    assertThat(CardNumbers.schemesLength("356938035643809")).isFalse(); // JCB is never 15
    assertThat(CardNumbers.schemesLength("5105105105105100")).isTrue(); // Mastercard, 16
    assertThat(CardNumbers.schemesLength("51051051051051")).isFalse();
  }
}
