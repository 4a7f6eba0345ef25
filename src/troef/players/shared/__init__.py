"""What each game's players build on: the player kit's protocol (`kit`), the play-out policies the trick
games share (`playouts`) and the helpers of world sampling (`worlds`)."""
