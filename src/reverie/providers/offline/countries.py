"""Countries and the larger lands people name: places, never the "he" of a sentence.

A country opens a sentence the way a person does ("Portugal may ask you to
register him with a vet"), and nothing else in the words tells them apart. The
list is short and closed, so it is written out: single-word names, with the
nations and continents people say in their place ("Scotland", "Europe").
"""

from __future__ import annotations

from reverie.providers.offline.vocabulary import words

__all__ = ["is_country"]

_COUNTRIES = frozenset(
    words(
        """
        afghanistan albania algeria andorra angola argentina armenia australia austria
        azerbaijan bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan
        bolivia bosnia botswana brazil brunei bulgaria burundi cambodia cameroon canada chad
        chile china colombia comoros congo croatia cuba cyprus czechia czech denmark djibouti
        dominica ecuador egypt eritrea estonia eswatini ethiopia fiji finland france gabon
        gambia georgia germany ghana greece grenada guatemala guinea guyana haiti honduras
        hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan
        kazakhstan kenya kiribati kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia
        libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta
        mauritania mauritius mexico micronesia moldova monaco mongolia montenegro morocco
        mozambique myanmar burma namibia nauru nepal netherlands holland nicaragua niger
        nigeria macedonia norway oman pakistan palau palestine panama paraguay peru
        philippines poland portugal qatar romania russia rwanda samoa senegal serbia
        seychelles singapore slovakia slovenia somalia spain sudan suriname sweden switzerland
        syria taiwan tajikistan tanzania thailand togo tonga trinidad tobago tunisia turkey
        turkmenistan tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela vietnam yemen
        zambia zimbabwe
        england scotland wales britain uk usa america greenland catalonia
        europe africa asia australasia oceania scandinavia
        """
    )
)


def is_country(word: str) -> bool:
    """True for "Portugal", "scotland", "UK": a land, not someone."""
    return word.lower() in _COUNTRIES
