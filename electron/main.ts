console.log('main stub');
